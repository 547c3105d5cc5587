import { DisplayMessages, type DisplayLink, type DisplayLinkSaveBody, type DisplayLinkSaveResult, type DisplayScope } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import { ownerOf } from '../common/owner.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import type { DisplaySecrets } from './display-secrets.ts';
import { hashDisplayToken, newDisplayToken } from './display-tokens.ts';
import { listLinks } from './link-views.ts';

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Whether every customer and sales area the scopes name is one `scope` may show: customers in its
 * subtree, areas that exist and, for a manager, hold at least one of his customers.
 */
async function withinScope(db: Queryable, scope: Scope, scopes: readonly DisplayScope[]): Promise<boolean> {
  const customerIds = unique(scopes.flatMap((s) => s.customerIds));
  const areaIds = unique(scopes.flatMap((s) => s.areaIds));
  const params = new SqlParams();
  const [row] = await db.query<{ customers: number; areas: number }>(
    `select (select count(*)::int from customers c where c.id = any(${params.add(customerIds)}::int[]) and ${inScope(scope, 'c.id', params)}) as customers,
            (select count(*)::int from sales_areas a where a.id = any(${params.add(areaIds)}::int[])${
              ownerOf(scope) === null ? '' : ` and exists (select 1 from customers c where c.area_id = a.id and ${inScope(scope, 'c.id', params)})`
            }) as areas`,
    params.values,
  );
  return row!.customers === customerIds.length && row!.areas === areaIds.length;
}

async function visibleLink(db: Queryable, scope: Scope, id: number, now: number): Promise<DisplayLink> {
  const [link] = await listLinks(db, scope, now, id);
  if (!link) throw new ApiError(404, DisplayMessages.notFound);
  return link;
}

interface NewSecret {
  token: string;
  code: string;
}

async function insertLink(tx: Queryable, scope: Scope, fields: unknown[], secret: NewSecret, secrets: DisplaySecrets, now: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into display_links (name, dwell_seconds, expires_at, token_hash, token_sealed, code_hash, owner_customer_id, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [...fields, hashDisplayToken(secret.token), secrets.seal(secret), secrets.codeHash(secret.code), ownerOf(scope), scope.userId, new Date(now).toISOString()],
  );
  return row!.id;
}

/**
 * Creates a link (its token and short code answered this once, kept sealed for a manager's copy
 * again) or edits one visible in `scope`, whose token stays. What it shows must be within the
 * caller's scope, its expiry ahead.
 */
export async function saveLink(tx: Queryable, scope: Scope, body: DisplayLinkSaveBody, now: number, secrets: DisplaySecrets): Promise<DisplayLinkSaveResult> {
  if (body.id !== undefined) await visibleLink(tx, scope, body.id, now);
  if (body.expiresAt !== null && Date.parse(body.expiresAt) <= now) throw new ApiError(400, DisplayMessages.expiryPast);
  if (!(await withinScope(tx, scope, body.scopes))) throw new ApiError(400, DisplayMessages.outOfScope);
  const fields = [body.name, body.dwellSeconds, body.expiresAt];
  const secret = body.id === undefined ? { token: newDisplayToken(), code: secrets.newCode() } : null;
  const id = secret === null ? body.id! : await insertLink(tx, scope, fields, secret, secrets, now);
  if (secret === null) {
    await lockForEdit(tx, 'display_links', id, body.version);
    await tx.query('update display_links set name = $1, dwell_seconds = $2, expires_at = $3, version = version + 1 where id = $4', [...fields, id]);
    await tx.query('delete from display_link_scopes where link_id = $1', [id]);
  }
  for (const [position, s] of body.scopes.entries()) {
    await tx.query('insert into display_link_scopes (link_id, position, label, customer_ids, area_ids) values ($1, $2, $3, $4, $5)', [
      id,
      position,
      s.label?.trim() || null,
      unique(s.customerIds),
      unique(s.areaIds),
    ]);
  }
  return { link: await visibleLink(tx, scope, id, now), token: secret?.token ?? null, code: secret?.code ?? null };
}

/** Revokes a link visible in `scope`; revoking it again changes nothing. */
export async function revokeLink(db: Queryable, scope: Scope, id: number, now: number): Promise<DisplayLink> {
  await visibleLink(db, scope, id, now);
  await db.query('update display_links set revoked_at = $2 where id = $1 and revoked_at is null', [id, new Date(now).toISOString()]);
  return visibleLink(db, scope, id, now);
}
