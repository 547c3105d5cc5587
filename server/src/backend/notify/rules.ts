import { NotifyMessages, type NotifyRule, type RuleSaveBody } from '@pest/shared';
import { sqlServiceTime } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import { channelTargets } from './channels.ts';
import { ownedInScope, ownerOf } from '../common/owner.ts';
import { lockForEdit } from '../common/edit-version.ts';

/** The names of the customers whose ids are the SQL array `ids`, in its order. */
const namesOf = (ids: string) =>
  `array(select c.name from unnest(${ids}) with ordinality as u(id, n) join customers c on c.id = u.id order by u.n)`;

const SELECT = `select r.id, r.version, r.name, r.customer_ids as "customerIds", ${namesOf('r.customer_ids')} as "customerNames",
                       r.store_ids as "storeIds", ${namesOf('r.store_ids')} as "storeNames", r.kinds::int[] as types, r.severities,
                       case when r.quiet_start is null then null
                            else json_build_object('start', r.quiet_start, 'end', r.quiet_end, 'exceptCritical', r.quiet_except_critical) end as "quietHours",
                       r.channel_ids as "channelIds", r.escalate_after_minutes as "escalateAfterMinutes",
                       r.escalation_channel_ids as "escalationChannelIds", r.enabled, r.owner_customer_id as "organisationId",
                       ${sqlServiceTime('r.created_at')} as "createTime"
                from notify_rules r`;

export async function listRules(db: Queryable, scope: Scope, id?: number): Promise<NotifyRule[]> {
  const params = new SqlParams();
  const only = id === undefined ? '' : ` and r.id = ${params.add(id)}`;
  return db.query<NotifyRule>(`${SELECT} where r.removed_at is null and ${ownedInScope(scope, 'r.owner_customer_id', params)}${only} order by r.id`, params.values);
}

/** How many of `ids` are customer nodes the user sees (and, with `under`, below one of those nodes). */
async function visibleCustomers(db: Queryable, scope: Scope, ids: readonly number[], under?: readonly number[]): Promise<number> {
  const params = new SqlParams();
  const below = under ? ` and c.path && ${params.add(under)}::int[]` : '';
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from customers c where c.id = any(${params.add([...new Set(ids)])}::int[]) and ${inScope(scope, 'c.id', params)}${below}`,
    params.values,
  );
  return row!.n;
}

/**
 * Creates or edits a rule. Its organisations and stores must be the user's own (a customer's
 * manager cannot watch another organisation), its stores under its organisations, its channels
 * ones the user may use; an escalation names both its minutes and its channels. Each refusal names
 * the body property it is about, so the form shows it under that field.
 */
export async function saveRule(db: Queryable, scope: Scope, body: RuleSaveBody): Promise<NotifyRule> {
  if (body.id !== undefined && (await listRules(db, scope, body.id)).length === 0) throw new ApiError(404, NotifyMessages.ruleNotFound);
  const customerIds = [...new Set(body.customerIds)];
  const storeIds = [...new Set(body.storeIds ?? [])];
  if ((await visibleCustomers(db, scope, customerIds)) !== customerIds.length) throw new ApiError(400, NotifyMessages.scopeRefused, 'customerIds');
  if (storeIds.length > 0 && (await visibleCustomers(db, scope, storeIds, customerIds)) !== storeIds.length) {
    throw new ApiError(400, NotifyMessages.scopeRefused, 'storeIds');
  }
  const escalationChannelIds = [...new Set(body.escalationChannelIds ?? [])];
  const escalateAfter = body.escalateAfterMinutes ?? null;
  if ((escalateAfter === null) !== (escalationChannelIds.length === 0)) {
    throw new ApiError(400, NotifyMessages.escalationIncomplete, escalateAfter === null ? 'escalateAfterMinutes' : 'escalationChannelIds');
  }
  const channelIds = [...new Set(body.channelIds)];
  const usable = new Set((await channelTargets(db, scope, [...channelIds, ...escalationChannelIds])).map((channel) => channel.id));
  for (const [field, ids] of [['channelIds', channelIds], ['escalationChannelIds', escalationChannelIds]] as const) {
    if (ids.some((id) => !usable.has(id))) throw new ApiError(400, NotifyMessages.channelNotFound, field);
  }

  const quiet = body.quietHours ?? null;
  const values = [
    body.name,
    customerIds,
    storeIds,
    body.types ?? [],
    body.severities ?? [],
    quiet?.start ?? null,
    quiet?.end ?? null,
    quiet?.exceptCritical ?? true,
    channelIds,
    escalateAfter,
    escalationChannelIds,
    body.enabled,
  ];
  const columns = `name = $1, customer_ids = $2, store_ids = $3, kinds = $4, severities = $5, quiet_start = $6, quiet_end = $7,
                   quiet_except_critical = $8, channel_ids = $9, escalate_after_minutes = $10, escalation_channel_ids = $11, enabled = $12`;
  if (body.id !== undefined) await lockForEdit(db, 'notify_rules', body.id, body.version);
  const [row] =
    body.id !== undefined
      ? await db.query<{ id: number }>(`update notify_rules set ${columns}, version = version + 1 where id = $13 returning id`, [...values, body.id])
      : await db.query<{ id: number }>(
          `insert into notify_rules (name, customer_ids, store_ids, kinds, severities, quiet_start, quiet_end, quiet_except_critical,
                                     channel_ids, escalate_after_minutes, escalation_channel_ids, enabled, owner_customer_id, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
          [...values, ownerOf(scope), scope.userId],
        );
  return (await listRules(db, scope, row!.id))[0]!;
}

export async function deleteRule(db: Queryable, scope: Scope, id: number): Promise<void> {
  if ((await listRules(db, scope, id)).length === 0) throw new ApiError(404, NotifyMessages.ruleNotFound);
  // Kept, removed and off: the delivery log still names the rule its deliveries came from, and the alarm trigger matches enabled rules only.
  await db.query('update notify_rules set removed_at = now(), enabled = false where id = $1', [id]);
}
