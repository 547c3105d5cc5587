import { Type, type Static } from '@sinclair/typebox';
import { Day, Id, Instant, Nullable, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { JobOrderState, ServiceType } from './job-orders.ts';
import { FollowUpType, RiskGrade } from './risks.ts';

/**
 * The field app's door (issue 40): a technician's own visits, started, recorded point by point
 * and finished on the phone. Every write carries a `clientId` the phone made for it: sent again
 * (a retry, a replay after a lost answer) it is answered as the first time and changes nothing.
 * A sync's check replaces what the phone sent before for its point, and its risks, rectifications
 * and materials (when sent) replace the lists sent before, so the server always holds the phone's
 * latest entries, never a sum of retries.
 */
export const FieldPaths = {
  visits: '/api/field/visits',
  visit: '/api/field/visit',
  catalog: '/api/field/catalog',
  start: '/api/field/visit/start',
  sync: '/api/field/visit/sync',
  finish: '/api/field/visit/finish',
} as const;

/** Where the gateway serves the field app. */
export const FIELD_BASE = '/field/';
/** 今日任务 lists the day asked for and this many days after it (and any visit the technician has in progress). */
export const FIELD_DAYS_AHEAD = 6;

export const FieldLimits = {
  note: 500,
  remark: 500,
  photos: 6,
  checks: 2000,
  risks: 100,
  rectifications: 100,
  materials: 200,
  count: 100_000,
  quantity: 100_000,
  lotNo: 40,
  location: 200,
  advice: 500,
} as const;

/** What the technician found at a point. `unchecked` (无法检查): not reached; it leaves the point out of the positive rate's denominator. */
export const PointStatus = { normal: 'normal', missing: 'missing', damaged: 'damaged', unchecked: 'unchecked' } as const;
export type PointStatus = (typeof PointStatus)[keyof typeof PointStatus];
export const POINT_STATUS_LABELS: Record<PointStatus, string> = { normal: '正常', missing: '缺失', damaged: '损坏', unchecked: '无法检查' };

/** The phone's id of one call (or of a risk it raised): letters, digits, - and _. */
export const ClientId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** A photo or signature uploaded through the upload flow: the URL the object store answered. */
export const PhotoUrl = Text(400, { minLength: 1 });
const Photos = Type.Array(PhotoUrl, { maxItems: FieldLimits.photos });

const ServiceTypeSchema = Type.Union(Object.values(ServiceType).map((type) => Type.Literal(type)));
const StateSchema = Type.Union(Object.values(JobOrderState).map((state) => Type.Literal(state)));
const PointStatusSchema = Type.Union(Object.values(PointStatus).map((status) => Type.Literal(status)));
const GradeSchema = Type.Union(Object.values(RiskGrade).map((grade) => Type.Literal(grade)));
const FollowUpSchema = Type.Union(Object.values(FollowUpType).map((type) => Type.Literal(type)));

export const FieldVisitsQuery = Type.Object({ date: Day }, { additionalProperties: false });
export type FieldVisitsQuery = Static<typeof FieldVisitsQuery>;
export const FieldVisitQuery = Type.Object({ id: QueryId }, { additionalProperties: false });
export type FieldVisitQuery = Static<typeof FieldVisitQuery>;

export const FieldVisitSummary = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  customerName: Type.String(),
  address: Nullable(Type.String()),
  serviceType: ServiceTypeSchema,
  state: StateSchema,
  /** yyyy-MM-dd in Beijing. */
  plannedDate: Type.String(),
  /** HH:mm–HH:mm in Beijing. */
  timeWindow: Type.String(),
  pointCount: Type.Integer(),
  /** Alarms the visit was booked for (安排上门). */
  alarmCount: Type.Integer(),
});
export type FieldVisitSummary = Static<typeof FieldVisitSummary>;
export const FieldVisitListResponse = Envelope(Type.Array(FieldVisitSummary));

export const FieldNamed = Type.Object({ id: Type.Integer(), name: Type.String() });

export const FieldPoint = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  regionId: Type.Integer(),
  /** The region with its parents: 后厨 › 洗碗间. */
  regionName: Type.String(),
  deviceTypeName: Type.String(),
  /** The pests counted at this point: those its device type catches that the plan covers (all it catches when the plan names none). */
  pests: Type.Array(FieldNamed),
  /** The point's check on the plan's previous finished visit. */
  lastCheck: Nullable(Type.Object({ day: Type.String(), status: PointStatusSchema, total: Type.Integer() })),
  /** The smart box bound to it: its latest contact and open alarms. */
  device: Nullable(Type.Object({ deviceNo: Type.String(), lastContactAt: Nullable(Type.String()), battery: Nullable(Type.Integer()), openAlarms: Type.Integer() })),
});
export type FieldPoint = Static<typeof FieldPoint>;

/** A risk of this store still open from an earlier visit: its rectification can be recorded (photos after). */
export const FieldOpenRisk = Type.Object({
  id: Type.Integer(),
  regionName: Type.String(),
  typeName: Type.String(),
  issueName: Type.String(),
  location: Type.String(),
  grade: GradeSchema,
  advice: Type.String(),
  raisedDay: Type.String(),
});
export type FieldOpenRisk = Static<typeof FieldOpenRisk>;

export const FieldCheck = Type.Object(
  {
    pointId: Id,
    status: PointStatusSchema,
    counts: Type.Array(Type.Object({ pestId: Id, count: Type.Integer({ minimum: 0, maximum: FieldLimits.count }) }, { additionalProperties: false }), { maxItems: 50 }),
    photos: Type.Optional(Photos),
    note: Type.Optional(Text(FieldLimits.note)),
  },
  { additionalProperties: false },
);
export type FieldCheck = Static<typeof FieldCheck>;

export const FieldRisk = Type.Object(
  {
    /** The phone's id of this risk: a later sync with the same key replaces it. */
    key: ClientId,
    regionId: Id,
    riskTypeId: Id,
    issueId: Id,
    grade: GradeSchema,
    location: Text(FieldLimits.location, { minLength: 1 }),
    advice: Text(FieldLimits.advice),
    followUpType: FollowUpSchema,
    photos: Type.Optional(Photos),
  },
  { additionalProperties: false },
);
export type FieldRisk = Static<typeof FieldRisk>;

export const FieldRectification = Type.Object({ riskId: Id, photos: Photos, note: Type.Optional(Text(FieldLimits.note)) }, { additionalProperties: false });
export type FieldRectification = Static<typeof FieldRectification>;

export const FieldMaterial = Type.Object(
  {
    materialId: Id,
    regionId: Id,
    lotNo: Text(FieldLimits.lotNo, { minLength: 1 }),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: FieldLimits.quantity }),
  },
  { additionalProperties: false },
);
export type FieldMaterial = Static<typeof FieldMaterial>;

/** What the server already holds of the visit (entered on this phone or another). */
export const FieldRecorded = Type.Object({
  checks: Type.Array(FieldCheck),
  risks: Type.Array(FieldRisk),
  rectifications: Type.Array(FieldRectification),
  materials: Type.Array(FieldMaterial),
});
export type FieldRecorded = Static<typeof FieldRecorded>;

/** The risk dictionary of a plan's risk group: types and the issues under each (风险类型, 问题描述). */
export const FieldRiskType = Type.Object({ id: Type.Integer(), name: Type.String(), issues: Type.Array(FieldNamed) });

export const FieldVisit = Type.Composite([
  FieldVisitSummary,
  Type.Object({
    planName: Type.String(),
    startedAt: Nullable(Type.String()),
    cancelReason: Nullable(Type.String()),
    regions: Type.Array(FieldNamed),
    points: Type.Array(FieldPoint),
    openRisks: Type.Array(FieldOpenRisk),
    /** The risk step's picker: the dictionary of the plan's risk group. */
    riskTypes: Type.Array(FieldRiskType),
    alarms: Type.Array(Type.Object({ id: Type.Integer(), deviceNo: Type.String(), content: Type.String(), createdAt: Type.String() })),
    recorded: FieldRecorded,
  }),
]);
export type FieldVisit = Static<typeof FieldVisit>;
export const FieldVisitResponse = Envelope(FieldVisit);

/** The materials step's picker (the risk step's is the visit's riskTypes: each plan has its own risk group). */
export const FieldCatalog = Type.Object({
  materials: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), unit: Type.String(), registrationNo: Nullable(Type.String()) })),
});
export type FieldCatalog = Static<typeof FieldCatalog>;
export const FieldCatalogResponse = Envelope(FieldCatalog);

export const FieldStartBody = Type.Object(
  {
    id: Id,
    clientId: ClientId,
    /** When the technician tapped 开始服务 (the phone's clock; a start queued offline arrives later). */
    at: Instant,
    location: Type.Optional(Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type FieldStartBody = Static<typeof FieldStartBody>;

export const FieldSyncBody = Type.Object(
  {
    id: Id,
    clientId: ClientId,
    checks: Type.Array(FieldCheck, { maxItems: FieldLimits.checks }),
    risks: Type.Optional(Type.Array(FieldRisk, { maxItems: FieldLimits.risks })),
    rectifications: Type.Optional(Type.Array(FieldRectification, { maxItems: FieldLimits.rectifications })),
    /** The visit's whole materials list as the phone has it (replaces the one sent before). */
    materials: Type.Optional(Type.Array(FieldMaterial, { maxItems: FieldLimits.materials })),
  },
  { additionalProperties: false },
);
export type FieldSyncBody = Static<typeof FieldSyncBody>;

export const FieldFinishBody = Type.Object(
  {
    id: Id,
    clientId: ClientId,
    /** The customer's signature drawn on the screen, uploaded as a PNG. */
    signature: PhotoUrl,
    remark: Type.Optional(Text(FieldLimits.remark)),
    at: Instant,
    /** Handle the alarms the visit was booked for, with the remark as their note (default true). */
    handleAlarms: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FieldFinishBody = Static<typeof FieldFinishBody>;

/** The visit's state after a write, and what the technician must be told (a visit cancelled meanwhile). */
export const FieldWriteAnswer = Type.Object({ state: StateSchema, notice: Nullable(Type.String()) });
export type FieldWriteAnswer = Static<typeof FieldWriteAnswer>;
export const FieldWriteResponse = Envelope(FieldWriteAnswer);

export const FieldMessages = {
  notFound: '服务不存在或未指派给你',
  reassigned: '该服务已改派给其他技术员，本机录入的内容仍保留在手机上',
  cancelled: (reason: string) => `该服务已取消（${reason}），已录入的内容已交给调度查看`,
  notStarted: '请先开始服务',
  notStartable: '该服务已开始、完成或取消，不能再开始',
  finished: '该服务已完成，不能再修改',
  startInFuture: '开始时间不能晚于当前时间',
  finishInFuture: '完成时间不能晚于当前时间',
  finishBeforeStart: '完成时间不能早于开始时间',
  pointNotOfVisit: '点位不属于该服务',
  pestNotOfPoint: '该点位不统计此虫害',
  countsWhenUnchecked: '无法检查的点位不能填写数量',
  regionNotOfPlan: '区域不属于该服务计划',
  riskTypeUnknown: '风险类型或问题描述不存在',
  riskNotOfStore: '整改的风险不属于该门店或已整改',
  materialUnknown: '物料不存在、已停用或农药登记证已过期',
  photoNotOurs: '照片须通过本系统上传',
  signatureRequired: '请客户签名',
  clientIdReused: '请求编号已用于另一个操作',
  duplicatePoint: '同一点位在一次提交中出现多次',
} as const;
