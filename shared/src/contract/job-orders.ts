import { Type, type Static } from '@sinclair/typebox';
import { DayTime, Id, IdList, Nullable, PageNumber, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';
import { TableHeaderNode } from './table.ts';

/** Job-order and point-check calls (console-spec section 7, "Job orders and point check"). */
const WEB_CUSTOMER = '/api/admin/web/webCustomer';
export const JobOrderPaths = {
  list: `${WEB_CUSTOMER}/jobOrderRecordList`,
  pointTabs: `${WEB_CUSTOMER}/pointByJobId`,
  /** Extension (issue 19): what names a job order on its point-check page (code, store). */
  info: `${WEB_CUSTOMER}/jobOrderInfo`,
  pointCheckHeader: `${WEB_CUSTOMER}/selectPointByDeviceTypeIdHeader`,
  pointCheckRows: `${WEB_CUSTOMER}/selectPointByDeviceTypeId`,
  pointCheckExport: `${WEB_CUSTOMER}/exportSelectPointByDeviceTypeId`,
  /** The PDF report of a job order: `${report}/{id}.pdf?…` with a signed, expiring query (see previewUrl). */
  report: `${WEB_CUSTOMER}/jobOrderReport`,
  /** Extension (issue 22): what a job order used (用药记录), for the point-check page and the audit pack. */
  materials: `${WEB_CUSTOMER}/jobOrderMaterials`,
} as const;

/** Service type (console-spec section 3). */
export const ServiceType = { routine: 0, emergency: 1, effectiveFollowUp: 2, followUp: 3, free: 4 } as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  0: '常规',
  1: '紧急',
  2: '有效跟进',
  3: '跟进',
  4: '免费',
};

/**
 * A job order's life (issue 18): planned ahead from its service plan, in progress while the
 * technician is at the store, done when the visit ends, overdue when its day ended without it
 * being done. Not in the spec's entity: the reference backend's scheduler keeps it.
 */
export const JobOrderState = { planned: 'planned', inProgress: 'inProgress', done: 'done', overdue: 'overdue', cancelled: 'cancelled' } as const;
export type JobOrderState = (typeof JobOrderState)[keyof typeof JobOrderState];
export const JOB_ORDER_STATE_LABELS: Record<JobOrderState, string> = {
  planned: '计划中',
  inProgress: '进行中',
  done: '已完成',
  overdue: '已逾期',
  cancelled: '已取消',
};

export const JobOrderListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 500 }),
    advocateStaffName: Type.Optional(Text(64)),
    jobOrderName: Type.Optional(Text(128)),
    /** Service start time range (actual start). */
    startTime: Type.Optional(DayTime),
    endTime: Type.Optional(DayTime),
    /** Service end time range (actual end). */
    accomplishStartTime: Type.Optional(DayTime),
    accomplishEndTime: Type.Optional(DayTime),
    /**
     * Extension (issue 35): stores or any organisation node (its stores included), as the shared
     * filter form's organisation/store picker gives them; within the scope, like every filter.
     */
    customerIds: Type.Optional(IdList),
  },
  { additionalProperties: false },
);
export type JobOrderListBody = Static<typeof JobOrderListBody>;

export const JobOrderRecord = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  jobOrderName: Type.String(),
  /** The store served; not in the spec's entity, shown because a chain has hundreds of stores. */
  customerName: Type.String(),
  advocateStaffName: Type.String(),
  type: Type.Integer({ minimum: 0, maximum: 4 }),
  /** Service content: the pests treated, joined with 、 */
  insectName: Type.String(),
  realityStartTime: Type.String(),
  realityEndTime: Nullable(Type.String()),
  /** Where the visit stands; the list holds no planned ones (they have not happened yet). */
  state: Type.Union([Type.Literal('inProgress'), Type.Literal('done'), Type.Literal('overdue')]),
  /** Signed, expiring links to the PDF (inline / attachment); null while no report exists. */
  previewUrl: Nullable(Type.String()),
  pdfUrl: Nullable(Type.String()),
});
export type JobOrderRecord = Static<typeof JobOrderRecord>;

/**
 * A service report's file name, as the server sends it and the batch zip holds it:
 * `<code>-<store>-<job order name>.pdf`. The store since issue 35: a chain's stores share the
 * job order names (3月常规服务), so a folder of their reports told none apart.
 */
export const serviceReportFileName = ({ code, customerName, jobOrderName }: Pick<JobOrderRecord, 'code' | 'customerName' | 'jobOrderName'>): string =>
  `${code}-${customerName}-${jobOrderName}.pdf`;
export const JobOrderListResponse = Envelope(Page(JobOrderRecord));

export const JobIdQuery = Type.Object({ jobId: QueryId });
/** A job order as its point-check page names it; null when it does not exist or is outside the scope. */
export const JobOrderInfo = Type.Pick(JobOrderRecord, ['id', 'code', 'jobOrderName', 'customerName']);
export type JobOrderInfo = Static<typeof JobOrderInfo>;
export const JobOrderInfoResponse = Envelope(Nullable(JobOrderInfo));
/** A point-check sheet: the checks of one device type on one job order, whose id sheetId is. */
export const PointCheckTab = Type.Object({ deviceTypeId: Type.Integer(), deviceTypeName: Type.String(), sheetId: Type.Integer() });
export type PointCheckTab = Static<typeof PointCheckTab>;
export const PointCheckTabsResponse = Envelope(Type.Array(PointCheckTab));

export const PointCheckBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 100_000 }),
    deviceTypeId: Id,
    deviceTypeName: Type.Optional(Text(64)),
    sheetId: Id,
  },
  { additionalProperties: false },
);
export type PointCheckBody = Static<typeof PointCheckBody>;

export const PointCheckRow = Type.Record(Type.String(), Nullable(Type.Union([Type.String(), Type.Number()])));
export type PointCheckRow = Static<typeof PointCheckRow>;
export const PointCheckHeaderResponse = Envelope(Type.Array(TableHeaderNode));
/** Rows of the current page, plus the total row over every row of the sheet. */
export const PointCheckRowsResponse = Envelope(
  Type.Object({ total: Type.Integer(), records: Type.Array(PointCheckRow), totalRow: PointCheckRow }),
);
