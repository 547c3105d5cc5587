import { CHINA_TIME_ZONE, DISPLAY_SCREEN_ACTIVE_MS, type DisplayLink } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ownedInScope } from '../common/owner.ts';
import type { Scope } from '../scope.ts';

/** Shown for a scope with neither a label nor customers or areas: all the creator sees. */
const ALL_LABEL = '全部';

/**
 * SQL text of a timestamptz column as an Instant in China time (its offset is +08:00 all year), so
 * the console can send an expiry back as it got it; null stays null.
 */
export const sqlInstant = (column: string) => `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"')`;

const namesOf = (ids: string, table: string) =>
  `array(select t.name from unnest(${ids}) with ordinality as u(id, n) join ${table} t on t.id = u.id order by u.n)`;

/** SQL: a scope row `s`'s label, its own or made of its customers' and areas' names. */
export const sqlScopeLabel = (s: string) =>
  `coalesce(${s}.label, nullif(array_to_string(${namesOf(`${s}.customer_ids`, 'customers')} || ${namesOf(`${s}.area_ids`, 'sales_areas')}, '、'), ''), '${ALL_LABEL}')`;

/**
 * The links visible in `scope` (a manager: his customer's; provider staff: all), newest first, with
 * their state, last sighting, active screens as of `now` and their copies again. `id` narrows to one link.
 */
export async function listLinks(db: Queryable, scope: Scope, now: number, id?: number): Promise<DisplayLink[]> {
  const params = new SqlParams();
  const at = `${params.add(new Date(now).toISOString())}::timestamptz`;
  const only = id === undefined ? '' : ` and l.id = ${params.add(id)}`;
  return db.query<DisplayLink>(
    `select l.id, l.version, l.name, l.dwell_seconds as "dwellSeconds",
            coalesce((select json_agg(json_build_object('label', ${sqlScopeLabel('s')}, 'customerIds', s.customer_ids, 'areaIds', s.area_ids) order by s.position)
                      from display_link_scopes s where s.link_id = l.id), '[]') as scopes,
            ${sqlInstant('l.expires_at')} as "expiresAt", ${sqlInstant('l.created_at')} as "createdAt",
            u.name as "createdByName", ${sqlInstant('l.revoked_at')} as "revokedAt",
            case when l.revoked_at is not null then 'revoked' when l.expires_at <= ${at} then 'expired' else 'active' end as state,
            ${sqlInstant('l.last_seen_at')} as "lastSeenAt", l.last_seen_address as "lastSeenAddress",
            (select count(*)::int from display_screens d
             where d.link_id = l.id and d.last_seen_at > ${at} - make_interval(secs => ${params.add(DISPLAY_SCREEN_ACTIVE_MS / 1000)})) as screens,
            l.token_sealed is not null as copyable,
            (select count(*)::int from display_link_copies c where c.link_id = l.id) as copies,
            ${sqlInstant('last_copy.copied_at')} as "lastCopiedAt", last_copy.name as "lastCopiedByName"
     from display_links l join users u on u.id = l.created_by
     left join lateral (
       select c.copied_at, cu.name from display_link_copies c left join users cu on cu.id = c.copied_by
       where c.link_id = l.id order by c.copied_at desc, c.id desc limit 1
     ) last_copy on true
     where ${ownedInScope(scope, 'l.owner_customer_id', params)}${only}
     order by l.id desc`,
    params.values,
  );
}
