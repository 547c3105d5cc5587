import { ContentMessages, type ContentSaveBody } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { contentText, sanitiseContentHtml } from './content-html.ts';
import { sqlManageable } from './content-queries.ts';

/** Locks the item for an edit at the version its editor loaded; 404 when there is none the caller may manage. */
async function lockManageable(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<{ published: boolean }> {
  if (!(await lockForEdit(tx, 'contents', id, version))) throw new ApiError(404, ContentMessages.notFound);
  const params = new SqlParams();
  const [row] = await tx.query<{ published: boolean }>(
    `select c.published_at is not null and c.withdrawn_at is null as published from contents c where c.id = ${params.add(id)} and ${sqlManageable(scope, 'c', params)}`,
    params.values,
  );
  if (!row) throw new ApiError(404, ContentMessages.notFound);
  return row;
}

/**
 * Whom it is for: null for every customer, else organisations (each once), all existing; a caller
 * of a customer may publish only to that customer (never to all).
 */
async function audienceOf(tx: Queryable, scope: Scope, customerIds: readonly number[] | null | undefined): Promise<number[] | null> {
  const own = scope.isAdmin ? null : scope.customerId;
  if (customerIds === null || customerIds === undefined) {
    if (own !== null) throw new ApiError(400, ContentMessages.customersOutOfScope);
    return null;
  }
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) throw new ApiError(400, ContentMessages.customersRequired);
  if (own !== null && ids.some((id) => id !== own)) throw new ApiError(400, ContentMessages.customersOutOfScope);
  const [{ found }] = (await tx.query<{ found: number }>('select count(*)::int as found from customers where id = any($1::int[]) and parent_id is null', [ids])) as [
    { found: number },
  ];
  if (found !== ids.length) throw new ApiError(400, ContentMessages.customersNotOrganisations);
  return ids.sort((a, b) => a - b);
}

/**
 * Writes a notice or article, or edits one at the version its editor loaded; answers its id. The
 * HTML kept is the sanitised one. Published: out to its readers from now (an edit of one already
 * out keeps its time); a draft: out of their sight (an item published before goes back to draft).
 */
export async function saveContent(tx: Queryable, scope: Scope, body: ContentSaveBody, fileBase: string): Promise<number> {
  const title = body.title.trim();
  if (!title) throw new ApiError(400, ContentMessages.titleRequired);
  const html = sanitiseContentHtml(body.html, fileBase);
  if (!contentText(html) && !html.includes('<img')) throw new ApiError(400, ContentMessages.htmlRequired);
  const customerIds = await audienceOf(tx, scope, body.customerIds);
  if (body.id === undefined) {
    const [row] = (await tx.query<{ id: number }>(
      `insert into contents (kind, title, html, customer_ids, published_at, author_id)
       values ($1, $2, $3, $4::int[], case when $5::boolean then now() end, $6) returning id`,
      [body.kind, title, html, customerIds, body.publish, scope.userId],
    )) as [{ id: number }];
    return row.id;
  }
  await lockManageable(tx, scope, body.id, body.version);
  await tx.query(
    `update contents set kind = $1, title = $2, html = $3, customer_ids = $4::int[],
       published_at = case when not $5::boolean then null when published_at is not null and withdrawn_at is null then published_at else now() end,
       withdrawn_at = null, version = version + 1, updated_at = now()
     where id = $6`,
    [body.kind, title, html, customerIds, body.publish, body.id],
  );
  return body.id;
}

/** Takes a published item back from its readers (撤回); it is kept, and may be published again. */
export async function withdrawContent(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  const { published } = await lockManageable(tx, scope, id, version);
  if (!published) throw new ApiError(400, ContentMessages.notPublished);
  await tx.query('update contents set withdrawn_at = now(), version = version + 1, updated_at = now() where id = $1', [id]);
}
