import {
  CHINA_TIME_ZONE,
  FIELD_DAYS_AHEAD,
  FieldMessages,
  JobOrderState,
  PointStatus,
  RiskStatus,
  type FieldCatalog,
  type FieldCheck,
  type FieldMaterial,
  type FieldRectification,
  type FieldRisk,
  type FieldVisit,
  type FieldVisitSummary,
} from '@pest/shared';
import { DeviceCondition } from '../common/check-vocabulary.ts';
import { sqlMaterialUsable } from '../common/material-usable.ts';
import { sqlIsAlarm } from '../common/linked-alarms.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { sqlPestCountedAt } from './field-entries.ts';

const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')`;

/** A visit as 今日任务 lists it; over job_orders j and its store c. */
const summaryColumns = `j.id, j.code, j.name, c.name as "customerName", c.address, j.type as "serviceType", j.state,
  to_char(${local('j.started_at')}, 'YYYY-MM-DD') as "plannedDate",
  to_char(${local('j.started_at')}, 'HH24:MI') || '–' || to_char(${local('coalesce(j.ended_at, j.planned_end_at, j.started_at)')}, 'HH24:MI') as "timeWindow",
  (select count(*)::int from points pt where pt.plan_id = j.plan_id) as "pointCount",
  (select count(*)::int from job_order_alarms a where a.job_order_id = j.id) as "alarmCount"`;

/** The technician's visits due from `date` through FIELD_DAYS_AHEAD days after it, and any they have in progress; cancelled ones left out. */
export async function listFieldVisits(db: Queryable, userId: number, date: string): Promise<FieldVisitSummary[]> {
  return db.query<FieldVisitSummary>(
    `select ${summaryColumns}
     from job_orders j join customers c on c.id = j.customer_id
     where j.technician_id = $1 and j.state <> '${JobOrderState.cancelled}'
       and (j.state = '${JobOrderState.inProgress}'
            or (j.started_at >= ($2::date)::timestamp at time zone '${CHINA_TIME_ZONE}'
                and j.started_at < ($2::date + ${FIELD_DAYS_AHEAD + 1})::timestamp at time zone '${CHINA_TIME_ZONE}'))
     order by j.started_at, j.id`,
    [userId, date],
  );
}

/** The condition a point check keeps, as the field app names it; a point without a check was not checked. */
const statusOfCondition = `case pc.condition when ${DeviceCondition.damaged} then '${PointStatus.damaged}' when ${DeviceCondition.missing} then '${PointStatus.missing}'
  when ${DeviceCondition.intact} then '${PointStatus.normal}' when ${DeviceCondition.moved} then '${PointStatus.normal}' else '${PointStatus.unchecked}' end`;

/** One of the technician's own visits, with all the phone needs to record it offline. */
export async function fieldVisit(db: Queryable, userId: number, id: number): Promise<FieldVisit> {
  const [visit] = await db.query<Omit<FieldVisit, 'regions' | 'points' | 'openRisks' | 'riskTypes' | 'alarms' | 'recorded'> & { planId: number; customerId: number; riskGroupId: number }>(
    `select ${summaryColumns}, p.name as "planName", j.plan_id as "planId", j.customer_id as "customerId", p.risk_group_id as "riskGroupId",
            case when j.state in ('${JobOrderState.inProgress}', '${JobOrderState.done}') then to_char(${local('j.started_at')}, 'YYYY-MM-DD HH24:MI') end as "startedAt",
            j.cancel_reason as "cancelReason"
     from job_orders j join customers c on c.id = j.customer_id join service_plans p on p.id = j.plan_id
     where j.id = $1 and j.technician_id = $2`,
    [id, userId],
  );
  if (!visit) throw new ApiError(404, FieldMessages.notFound);
  const { planId, customerId, riskGroupId, ...summary } = visit;
  const [regions, points, openRisks, riskTypes, alarms, recorded] = await Promise.all([
    planRegions(db, planId),
    planPoints(db, planId, id),
    openRisksOf(db, customerId, id),
    riskDictionary(db, riskGroupId),
    db.query<FieldVisit['alarms'][number]>(
      `select e.id, d.device_no as "deviceNo", e.content,
              to_char(${local('e.created_at')}, 'YYYY-MM-DD HH24:MI') as "createdAt"
       from job_order_alarms a join device_events e on e.id = a.event_id join devices d on d.id = e.device_id
       where a.job_order_id = $1 order by e.created_at`,
      [id],
    ),
    recordedEntries(db, id),
  ]);
  return { ...summary, regions, points, openRisks, riskTypes, alarms, recorded };
}

/** A plan's regions, each named with its parents (后厨 › 洗碗间), in tree order. */
function planRegions(db: Queryable, planId: number): Promise<FieldVisit['regions']> {
  return db.query(
    `select r.id, concat_ws(' › ', gp.name, pa.name, r.name) as name
     from service_regions r left join service_regions pa on pa.id = r.parent_id left join service_regions gp on gp.id = pa.parent_id
     where r.plan_id = $1
     order by concat_ws(' › ', gp.name, pa.name, r.name), r.id`,
    [planId],
  );
}

/**
 * The plan's points by region and code: the pests counted at each (those its device type catches
 * that the plan covers, or all it catches when the plan names none of them), its check on the
 * plan's previous finished visit, and the smart box on it.
 */
function planPoints(db: Queryable, planId: number, visitId: number): Promise<FieldVisit['points']> {
  return db.query(
    `with previous as (
       select j.id, j.ended_at from job_orders j
       where j.plan_id = $1 and j.state = '${JobOrderState.done}' and j.id <> $2
       order by j.ended_at desc limit 1
     )
     select pt.id, pt.code, pt.region_id as "regionId", concat_ws(' › ', gp.name, pa.name, r.name) as "regionName", dt.name as "deviceTypeName",
            coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.id) from pests x where ${sqlPestCountedAt('x.id', 'pt', 'p')}), '[]'::json) as pests,
            (select json_build_object('day', to_char(${local('prev.ended_at')}, 'YYYY-MM-DD'), 'status', ${statusOfCondition},
                                      'total', (select coalesce(sum(v.value), 0)::int from point_check_values v where v.job_order_id = prev.id and v.point_id = pt.id and v.metric = 'catch'))
             from previous prev left join point_checks pc on pc.job_order_id = prev.id and pc.point_id = pt.id) as "lastCheck",
            case when d.id is not null then json_build_object(
              'deviceNo', d.device_no,
              'lastContactAt', to_char(${local('d.last_communication_at')}, 'YYYY-MM-DD HH24:MI'),
              'battery', coalesce(d.network_battery, d.remaining_power),
              'openAlarms', (select count(*)::int from device_events e where e.device_id = d.id and not e.handled and ${sqlIsAlarm('e')})) end as device
     from points pt
     join service_plans p on p.id = pt.plan_id
     join service_regions r on r.id = pt.region_id left join service_regions pa on pa.id = r.parent_id left join service_regions gp on gp.id = pa.parent_id
     join device_types dt on dt.id = pt.device_type_id
     left join devices d on d.id = pt.device_id
     where pt.plan_id = $1
     order by "regionName", pt.code`,
    [planId, visitId],
  );
}

/** The store's risks still open from earlier visits: the technician may record their rectification. */
function openRisksOf(db: Queryable, customerId: number, visitId: number): Promise<FieldVisit['openRisks']> {
  return db.query(
    `select r.id, reg.name as "regionName", t.name as "typeName", i.name as "issueName", r.location, r.grade, r.advice,
            to_char(${local('r.created_at')}, 'YYYY-MM-DD') as "raisedDay"
     from risks r join service_regions reg on reg.id = r.region_id join risk_types t on t.id = r.risk_type_id join risk_types i on i.id = r.issue_id
     where r.customer_id = $1 and r.status in (${RiskStatus.exists}, ${RiskStatus.cannotHandleNow}) and r.job_order_id <> $2
     order by r.created_at desc, r.id desc
     limit 200`,
    [customerId, visitId],
  );
}

/** The risk types of a group with the issues under each. */
function riskDictionary(db: Queryable, riskGroupId: number): Promise<FieldVisit['riskTypes']> {
  return db.query(
    `select t.id, t.name,
            coalesce((select json_agg(json_build_object('id', i.id, 'name', i.name) order by i.id) from risk_types i where i.parent_id = t.id), '[]'::json) as issues
     from risk_types t where t.risk_group_id = $1 and t.parent_id is null order by t.id`,
    [riskGroupId],
  );
}

/** What the phone has sent of the visit so far. */
async function recordedEntries(db: Queryable, visitId: number): Promise<FieldVisit['recorded']> {
  const [checks, risks, rectifications, materials] = await Promise.all([
    db.query<{ entry: FieldCheck }>('select entry from field_checks where job_order_id = $1 order by point_id', [visitId]),
    db.query<{ entry: FieldRisk }>('select entry from field_risks where job_order_id = $1 order by key', [visitId]),
    db.query<{ entry: FieldRectification }>('select entry from field_rectifications where job_order_id = $1 order by risk_id', [visitId]),
    db.query<{ entries: FieldMaterial[] }>('select entries from field_materials where job_order_id = $1', [visitId]),
  ]);
  return {
    checks: checks.map((row) => row.entry),
    risks: risks.map((row) => row.entry),
    rectifications: rectifications.map((row) => row.entry),
    materials: materials[0]?.entries ?? [],
  };
}

/** The materials a technician may record: enabled, with a registration still valid. */
export async function fieldCatalog(db: Queryable): Promise<FieldCatalog> {
  const materials = await db.query<FieldCatalog['materials'][number]>(
    `select m.id, m.name, m.unit, m.registration_no as "registrationNo" from materials m where ${sqlMaterialUsable('m')} order by m.name, m.id`,
  );
  return { materials };
}
