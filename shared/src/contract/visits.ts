import { Type, type Static } from '@sinclair/typebox';
import { Day, EditVersion, Id, IdList, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { JobOrderState, SERVICE_TYPE_LABELS, ServiceType } from './job-orders.ts';

/**
 * 服务安排 (issue 40): visits planned by staff, each a job order in state planned until its
 * technician starts it. Proposed from each service plan's visits per month (rules/visitDays.ts),
 * given to a technician's account, moved, reassigned, cancelled with a reason; an alarm can become
 * an emergency visit. A visit started, done or cancelled is no longer moved.
 */
export const VisitPaths = {
  list: '/api/admin/web/visit/list',
  save: '/api/admin/web/visit/save',
  reassign: '/api/admin/web/visit/reassign',
  cancel: '/api/admin/web/visit/cancel',
  /** The month's visits of each plan in scope that it lacks, proposed and planned in one step. */
  planMonth: '/api/admin/web/visit/planMonth',
  technicians: '/api/admin/web/visit/technicians',
} as const;

/** A calendar's range is at most this many days (a month view with its edge weeks fits). */
export const VISIT_LIST_MAX_DAYS = 62;
/** When on its day a visit staff plan is due, Beijing time, and how long it is expected to take. */
export const PLANNED_VISIT_START = '09:00';
export const PLANNED_VISIT_HOURS = 2;
export const VisitLimits = { cancelReason: 200, alarms: 50 } as const;
/** The technician a visit shows while nobody has it (a month planned before any technician's account exists). */
export const UNASSIGNED_TECHNICIAN = '未指派';

const ServiceTypeSchema = Type.Union(Object.values(ServiceType).map((type) => Type.Literal(type)));
const StateSchema = Type.Union(Object.values(JobOrderState).map((state) => Type.Literal(state)));

export const VisitListBody = Type.Object(
  {
    startDate: Day,
    endDate: Day,
    technicianIds: Type.Optional(IdList),
    /** Stores or any organisation node (its stores included). */
    customerIds: Type.Optional(IdList),
    /** Cancelled visits too (left out unless asked for). */
    withCancelled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type VisitListBody = Static<typeof VisitListBody>;

export const Visit = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  address: Nullable(Type.String()),
  planId: Type.Integer(),
  planName: Type.String(),
  serviceType: ServiceTypeSchema,
  state: StateSchema,
  /** yyyy-MM-dd in Beijing. */
  plannedDate: Type.String(),
  /** HH:mm–HH:mm in Beijing. */
  timeWindow: Type.String(),
  technicianId: Nullable(Type.Integer()),
  technicianName: Type.String(),
  alarmIds: Type.Array(Type.Integer()),
  cancelReason: Nullable(Type.String()),
  /** Points the technician's phone has recorded (kept for staff to see when the visit was cancelled meanwhile). */
  fieldChecks: Type.Integer(),
});
export type Visit = Static<typeof Visit>;
export const VisitListResponse = Envelope(Type.Array(Visit));

/**
 * The name a planned visit carries into its service record: the month and the service type
 * (12月常规服务), short as the generated ones are, so the service records' key columns stay whole;
 * the plan is shown beside it wherever it matters.
 */
export const visitName = (plannedDate: string, serviceType: ServiceType): string => `${Number(plannedDate.slice(5, 7))}月${SERVICE_TYPE_LABELS[serviceType]}服务`;

/** Whether a visit in this state may still be moved, given to someone else or cancelled: it is still to be done and not started. */
export const isVisitChangeable = (state: JobOrderState): boolean => state === JobOrderState.planned || state === JobOrderState.overdue;

export const VisitSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    customerId: Id,
    planId: Id,
    technicianId: Id,
    plannedDate: Day,
    serviceType: ServiceTypeSchema,
    /** The alarms it is booked for (安排上门): the store's own. */
    alarmIds: Type.Optional(Type.Array(Id, { maxItems: VisitLimits.alarms })),
  },
  { additionalProperties: false },
);
export type VisitSaveBody = Static<typeof VisitSaveBody>;

export const VisitReassignBody = Type.Object({ id: Id, version: Type.Optional(EditVersion), technicianId: Id }, { additionalProperties: false });
export type VisitReassignBody = Static<typeof VisitReassignBody>;

export const VisitCancelBody = Type.Object({ id: Id, version: Type.Optional(EditVersion), reason: Text(400) }, { additionalProperties: false });
export type VisitCancelBody = Static<typeof VisitCancelBody>;

export const VisitPlanMonthBody = Type.Object(
  {
    /** yyyy-MM */
    month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
    customerIds: Type.Optional(IdList),
  },
  { additionalProperties: false },
);
export type VisitPlanMonthBody = Static<typeof VisitPlanMonthBody>;
export const VisitPlanMonthResponse = Envelope(Type.Object({ planned: Type.Integer(), unassigned: Type.Integer() }));

export const Technician = Type.Object({ id: Type.Integer(), name: Type.String(), account: Type.String() });
export type Technician = Static<typeof Technician>;
export const TechnicianListResponse = Envelope(Type.Array(Technician));
export const VisitSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));
export const VisitDoneResponse = Envelope(Type.Null());

export const VisitMessages = {
  notFound: '服务安排不存在',
  rangeTooLong: `查询范围不能超过${VISIT_LIST_MAX_DAYS}天`,
  rangeReversed: '结束日期不能早于开始日期',
  planNotOfStore: '服务计划不属于该门店',
  storeSuspended: '门店已停用，不能安排服务',
  outsidePlan: '服务日期不在服务计划的有效期内',
  notTechnician: '请选择技术员：该账号不是启用的技术员',
  notMovable: '该服务已开始、已完成或已取消，不能修改',
  reasonRequired: '请填写取消原因',
  reasonTooLong: `取消原因不能超过${VisitLimits.cancelReason}个字符`,
  alarmNotOfStore: '关联的告警不属于该门店',
  pastDay: '服务日期不能早于今天',
} as const;
