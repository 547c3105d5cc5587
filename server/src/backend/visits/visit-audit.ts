import { AuditObjectType, CHINA_TIME_ZONE, SERVICE_TYPE_LABELS, type ServiceType } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';

interface AuditedVisit {
  store: string;
  plan: string;
  plannedDate: string;
  serviceType: string;
  technician: string;
  state: string;
  cancelReason: string | null;
  alarms: string | null;
}

/** A visit as its audit entries show it: names and days, not ids; its store's managers read them. */
export function auditedVisit(): AuditedKind<AuditedVisit> {
  const owners = new Map<number, number>();
  return {
    objectType: AuditObjectType.visit,
    async read(tx, id) {
      const [row] = await tx.query<AuditedVisit & { owner: number; type: ServiceType }>(
        `select j.customer_id as owner, c.name as store, p.name as plan, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as "plannedDate",
                j.type, j.staff_name as technician, j.state, j.cancel_reason as "cancelReason",
                (select string_agg(a.event_id::text, '、' order by a.event_id) from job_order_alarms a where a.job_order_id = j.id) as alarms
         from job_orders j join customers c on c.id = j.customer_id join service_plans p on p.id = j.plan_id where j.id = $1`,
        [id],
      );
      if (!row) return null;
      const { owner, type, ...visit } = row;
      owners.set(id, owner);
      return { ...visit, serviceType: SERVICE_TYPE_LABELS[type] };
    },
    ownerOf: (_record, id) => owners.get(id) ?? null,
  };
}
