import { AuditAction, MASKED_SECRET, type AuditChange, type AuditObjectType } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { requestScope } from '../scope.ts';

/** Who writes: the signed-in account, from the client address the gateway saw. */
export interface AuditActor {
  userId: number;
  address: string;
}

export const auditActor = (request: FastifyRequest): AuditActor => ({ userId: requestScope(request).userId, address: request.ip });

/** A kind of record whose writes are logged: how to read one as the API shows it, and whose it is. */
export interface AuditedKind<T> {
  objectType: AuditObjectType;
  /** The record as its list shows it (secrets already masked there), read inside the write's transaction; null when there is none. */
  read(tx: Queryable, id: number): Promise<T | null>;
  /** The customer (organisation, group or store) whose data it is: a manager above it reads its entries; null for the provider's own. */
  ownerOf(record: T, id: number): number | null;
}

/** Fields whose values an entry never holds, whatever record they are found in. */
const SECRET_FIELD = /secret|password|token/i;

/** Field by field, what differs between `before` and `after` (either null for a record created or removed), secrets masked. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secretsSent: readonly string[] = [],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    // Every save moves the version: it says nothing an entry does not.
    if (field === 'version') continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    // A flag such as hasSecret says nothing of the secret: only text is masked.
    const masked = SECRET_FIELD.test(field) && (typeof was === 'string' || typeof is === 'string');
    changes[field] = masked ? { before: was === null ? null : MASKED_SECRET, after: is === null ? null : MASKED_SECRET } : { before: was, after: is };
  }
  // A secret the record does not show (it shows only that one is set): that it was sent is the change.
  for (const field of secretsSent) changes[field] = { before: MASKED_SECRET, after: MASKED_SECRET };
  return changes;
}

export interface AuditEntryInput {
  objectType: AuditObjectType;
  objectId: number | string;
  action: AuditAction;
  owner: number | null;
  changes: Record<string, AuditChange>;
}

/** Appends entries, in the caller's transaction: the write and its entries land together or not at all. */
export async function recordAudit(tx: Queryable, actor: AuditActor, ...entries: AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({ ...entry, objectId: String(entry.objectId) }));
  await tx.query(
    `insert into audit_log (actor_id, actor_name, client_address, owner_customer_id, object_type, object_id, action, changes)
     select $1, coalesce((select name from users where id = $1), ''), $2, (e->>'owner')::int, e->>'objectType', e->>'objectId', e->>'action', e->'changes'
     from jsonb_array_elements($3::jsonb) with ordinality as t(e, n)
     order by n`,
    [actor.userId, actor.address, JSON.stringify(rows)],
  );
}

/**
 * Saves a record (a new one without `id`) and logs what changed, in one transaction. `save` writes
 * through the transaction it is given and answers the record's id; the id and the saved record are returned.
 */
export async function auditedSave<T extends object>(
  db: Db,
  request: FastifyRequest,
  kind: AuditedKind<T>,
  id: number | undefined,
  save: (tx: Queryable) => Promise<number>,
  secretsSent: readonly string[] = [],
): Promise<{ id: number; record: T }> {
  return db.transaction(async (tx) => {
    const before = id === undefined ? null : await kind.read(tx, id);
    const savedId = await save(tx);
    const after = (await kind.read(tx, savedId))!;
    const changes = auditChanges(before as Record<string, unknown> | null, after as Record<string, unknown>, secretsSent);
    // A save that changed nothing made no history.
    if (!before || Object.keys(changes).length > 0) {
      await recordAudit(tx, auditActor(request), {
        objectType: kind.objectType,
        objectId: savedId,
        action: before ? AuditAction.update : AuditAction.create,
        owner: kind.ownerOf(after, savedId),
        changes,
      });
    }
    return { id: savedId, record: after };
  });
}

/** Removes a record and logs what it was, in one transaction; `remove` refuses with its own error when it may not. */
export async function auditedRemoval<T extends object>(db: Db, request: FastifyRequest, kind: AuditedKind<T>, id: number, remove: (tx: Queryable) => Promise<void>): Promise<void> {
  await auditedChange(db, request, kind, id, remove, AuditAction.delete);
}

/**
 * Changes a record's state (revokes, suspends, binds, disables it…) and logs `action` with what
 * differs, in one transaction; `change` refuses with its own error when it may not.
 */
export async function auditedChange<T extends object>(
  db: Db,
  request: FastifyRequest,
  kind: AuditedKind<T>,
  id: number,
  change: (tx: Queryable) => Promise<void>,
  action: AuditAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await kind.read(tx, id);
    await change(tx);
    if (!before) return;
    const after = action === AuditAction.delete ? null : await kind.read(tx, id);
    const changes = auditChanges(before as Record<string, unknown>, after as Record<string, unknown> | null);
    // Revoking what was revoked already changed nothing.
    if (Object.keys(changes).length === 0) return;
    await recordAudit(tx, auditActor(request), { objectType: kind.objectType, objectId: id, action, owner: kind.ownerOf(before, id), changes });
  });
}
