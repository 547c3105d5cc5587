import { Permission, type ContentCustomer, type ContentKind, type ContentListBody, type ContentState } from '@pest/shared';
import { sqlServiceTime } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, seesEverything, type Scope } from '../scope.ts';

/** A notice or article as kept: its HTML as stored (sanitised, images as paths), not yet a reader's. */
export interface StoredContent {
  id: number;
  version: number;
  kind: ContentKind;
  title: string;
  customerIds: number[] | null;
  customers: ContentCustomer[] | null;
  state: ContentState;
  publishedAt: string | null;
  withdrawnAt: string | null;
  updatedAt: string;
  authorName: string;
  read: boolean;
  html: string;
}

/** Whether the caller writes content: they see drafts and withdrawn items too (within what they may manage). */
export const managesContent = (scope: Scope): boolean => !scope.display && scope.permissions.has(Permission.contentManage);

/** The customer a restricted caller stands for; null for the provider's staff (and their display links naming nobody). */
const restrictedTo = (scope: Scope): number | null => (scope.isAdmin ? null : scope.customerId);

const sqlState = (c: string) => `case when ${c}.withdrawn_at is not null then 'withdrawn' when ${c}.published_at is not null then 'published' else 'draft' end`;

/**
 * SQL: the item `c` is out to the caller: published, not withdrawn, and for every customer or for
 * an organisation the caller sees some of (a manager's own, a display link's customers or areas).
 */
export function sqlPublishedTo(scope: Scope, c: string, params: SqlParams): string {
  const audience = seesEverything(scope)
    ? 'true'
    : `exists (select 1 from customers v where v.path[1] = any(${c}.customer_ids) and ${inScope(scope, 'v.id', params)})`;
  return `(${c}.published_at is not null and ${c}.withdrawn_at is null and (${c}.customer_ids is null or ${audience}))`;
}

/**
 * SQL: the caller may edit and withdraw the item: everything for the provider's staff; a caller of
 * a customer (given content:manage) only what is published to that customer alone.
 */
export function sqlManageable(scope: Scope, c: string, params: SqlParams): string {
  if (!managesContent(scope)) return 'false';
  const own = restrictedTo(scope);
  return own === null ? 'true' : `(${c}.customer_ids is not null and ${c}.customer_ids <@ array[${params.add(own)}::int])`;
}

/** SQL: what the caller sees of the items `c`: what is out to them, and what they may manage. */
const sqlVisible = (scope: Scope, c: string, params: SqlParams) => `(${sqlPublishedTo(scope, c, params)} or ${sqlManageable(scope, c, params)})`;

function columns(scope: Scope, params: SqlParams): string {
  const user = params.add(scope.userId);
  const own = restrictedTo(scope);
  // A customer's caller is told of the organisations it belongs to alone, not of the provider's other customers.
  const named = own === null ? 'true' : `(select path from customers where id = ${params.add(own)}) @> array[o.id]`;
  return `c.id, c.version, c.kind, c.title, c.customer_ids as "customerIds",
    case when c.customer_ids is null then null
      else coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name, o.id) from customers o where o.id = any(c.customer_ids) and ${named}), '[]'::json) end as customers,
    ${sqlState('c')} as state,
    ${sqlServiceTime('c.published_at')} as "publishedAt", ${sqlServiceTime('c.withdrawn_at')} as "withdrawnAt", ${sqlServiceTime('c.updated_at')} as "updatedAt",
    coalesce(u.name, '') as "authorName",
    not (c.published_at is not null and c.withdrawn_at is null and c.author_id <> ${user}
      and not exists (select 1 from content_reads r where r.content_id = c.id and r.user_id = ${user})) as read,
    c.html`;
}

/** One item the caller may see, or null. */
export async function findContent(db: Queryable, scope: Scope, id: number): Promise<StoredContent | null> {
  const params = new SqlParams();
  const select = columns(scope, params);
  const [row] = await db.query<StoredContent>(
    `select ${select} from contents c left join users u on u.id = c.author_id where c.id = ${params.add(id)} and ${sqlVisible(scope, 'c', params)}`,
    params.values,
  );
  return row ?? null;
}

/** A page of what the caller sees, newest first (by publishing, a draft by its last save). */
export async function listContents(db: Queryable, scope: Scope, body: ContentListBody): Promise<{ total: number; records: StoredContent[] }> {
  const filtered = (params: SqlParams) => {
    const conditions = [sqlVisible(scope, 'c', params)];
    if (body.kind) conditions.push(`c.kind = ${params.add(body.kind)}`);
    if (body.state) conditions.push(`${sqlState('c')} = ${params.add(body.state)}`);
    return conditions.join(' and ');
  };
  const counting = new SqlParams();
  const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from contents c where ${filtered(counting)}`, counting.values)) as [{ total: number }];
  const params = new SqlParams();
  const select = columns(scope, params);
  const records = await db.query<StoredContent>(
    `select ${select} from contents c left join users u on u.id = c.author_id where ${filtered(params)}
     order by coalesce(c.published_at, c.updated_at) desc, c.id desc limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total, records };
}

/** Marks a published item read by the caller (once; opening it again changes nothing). */
export async function markContentRead(db: Queryable, contentId: number, userId: number): Promise<void> {
  await db.query('insert into content_reads (content_id, user_id) values ($1, $2) on conflict do nothing', [contentId, userId]);
}

/** The published notices out to the caller that others wrote and the caller has not opened. */
export async function unreadNotices(db: Queryable, scope: Scope): Promise<number> {
  const params = new SqlParams();
  const user = params.add(scope.userId);
  const [{ count }] = (await db.query<{ count: number }>(
    `select count(*)::int as count from contents c
     where c.kind = 'notice' and ${sqlPublishedTo(scope, 'c', params)} and c.author_id <> ${user}
       and not exists (select 1 from content_reads r where r.content_id = c.id and r.user_id = ${user})`,
    params.values,
  )) as [{ count: number }];
  return count;
}

/** The newest notice out to the caller (a display link: to the customers its screen shows), with its HTML for the excerpt. */
export async function latestNotice(db: Queryable, scope: Scope): Promise<{ id: number; title: string; publishedAt: string; html: string } | null> {
  const params = new SqlParams();
  const [row] = await db.query<{ id: number; title: string; publishedAt: string; html: string }>(
    `select c.id, c.title, ${sqlServiceTime('c.published_at')} as "publishedAt", c.html from contents c
     where c.kind = 'notice' and ${sqlPublishedTo(scope, 'c', params)}
     order by c.published_at desc, c.id desc limit 1`,
    params.values,
  );
  return row ?? null;
}
