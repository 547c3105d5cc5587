import { AuditObjectType } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';
import type { Queryable } from '../db/db.ts';

/**
 * How plans, regions and points read in the audit log: names, not ids. Each kind is made per
 * request and remembers the store of what it read, whose managers read the entries.
 */
function auditedRecord<T extends object>(objectType: AuditObjectType, sql: string): AuditedKind<T> {
  const owners = new Map<number, number>();
  return {
    objectType,
    async read(tx: Queryable, id: number) {
      const [row] = await tx.query<T & { owner: number }>(sql, [id]);
      if (!row) return null;
      const { owner, ...record } = row;
      owners.set(id, owner);
      return record as T;
    },
    ownerOf: (_record, id) => owners.get(id) ?? null,
  };
}

export const auditedPlan = () =>
  auditedRecord<{ store: string; name: string; startDate: string; endDate: string; visitsPerMonth: number; pests: string | null; riskGroup: string; floorPlan: string | null }>(
    AuditObjectType.servicePlan,
    `select p.customer_id as owner, s.name as store, p.name, to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
            p.visits_per_month as "visitsPerMonth",
            (select string_agg(e.name, '、' order by e.id) from pests e where e.id = any(p.pest_ids)) as pests, g.name as "riskGroup",
            (select image_path from floor_plans where plan_id = p.id) as "floorPlan"
     from service_plans p join customers s on s.id = p.customer_id join risk_groups g on g.id = p.risk_group_id where p.id = $1`,
  );

export const auditedRegion = () =>
  auditedRecord<{ plan: string; parent: string | null; name: string }>(
    AuditObjectType.serviceRegion,
    `select p.customer_id as owner, p.name as plan, up.name as parent, r.name
     from service_regions r join service_plans p on p.id = r.plan_id left join service_regions up on up.id = r.parent_id where r.id = $1`,
  );

export const auditedPoint = () =>
  auditedRecord<{ plan: string; serviceRegion: string; code: string; deviceType: string; position: string }>(
    AuditObjectType.point,
    `select pt.customer_id as owner, p.name as plan, r.name as "serviceRegion", pt.code, t.name as "deviceType", pt.x || ', ' || pt.y as position
     from points pt join service_plans p on p.id = pt.plan_id join service_regions r on r.id = pt.region_id join device_types t on t.id = pt.device_type_id
     where pt.id = $1`,
  );
