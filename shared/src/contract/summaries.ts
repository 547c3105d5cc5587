import { Type, type Static } from '@sinclair/typebox';
import { DayTime, EndDayTime, Id, IdList, Nullable, PageNumber } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page, StoreNarrowingFields } from './filters.ts';
import { TableHeaderNode } from './table.ts';

/** Summary reports (console-spec section 7, "Summaries and exports"), all under /api/admin/web/webCustomer. */
const WEB_CUSTOMER = '/api/admin/web/webCustomer';
export const SummaryPaths = {
  riskSummary: `${WEB_CUSTOMER}/selectRiskSummaryWork`,
  riskSummaryExport: `${WEB_CUSTOMER}/exportSelectRiskSummaryWork`,
  pestSummaryHeader: `${WEB_CUSTOMER}/selectPestSummaryHeader`,
  pestSummary: `${WEB_CUSTOMER}/selectPestSummary`,
  pestSummaryExport: `${WEB_CUSTOMER}/exportSelectPestSummary`,
  deviceTypeSummaryHeader: `${WEB_CUSTOMER}/selectDeviceTypeSummaryHeader`,
  deviceTypeSummary: `${WEB_CUSTOMER}/selectDeviceTypeSummary`,
  deviceTypeSummaryExport: `${WEB_CUSTOMER}/exportSelectDeviceTypeSummary`,
  /** Extension (issue 22): the open risks past their grade's days in a scope, the longest open first. */
  overdueRisks: `${WEB_CUSTOMER}/selectOverdueRisks`,
  /** Risk photos: `${riskPhoto}/{photoId}.svg` (public: photo ids are unguessable, see the backend). */
  riskPhoto: `${WEB_CUSTOMER}/riskPhoto`,
} as const;


/**
 * The shared filter form's fields a summary narrows by (a store or several, a plan and what hangs
 * off it, pests, risk types) plus the service period of the visits. One of customerId /
 * customerIds is required: the console refuses a query without an organisation.
 */
const SummaryFilterFields = {
  customerId: Type.Optional(Id),
  customerIds: Type.Optional(IdList),
  /** Area, region, contacts: the stores of the customers asked for that match them. */
  ...StoreNarrowingFields,
  servicePlanId: Type.Optional(Id),
  regionIds: Type.Optional(IdList),
  deviceTypeIds: Type.Optional(IdList),
  pointIds: Type.Optional(IdList),
  petIds: Type.Optional(IdList),
  riskTypeIds: Type.Optional(IdList),
  /** Visit period (the filter form's service date range); either pair of names is accepted. */
  startTime: Type.Optional(DayTime),
  endTime: Type.Optional(EndDayTime),
  realityStartTime: Type.Optional(DayTime),
  realityEndTime: Type.Optional(EndDayTime),
};
const Paging = {
  current: PageNumber,
  /** Exports send size = total. */
  size: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
};

/** The header takes the data call's body (the spec gives both the same filters); paging does not change it. */
export const SummaryHeaderBody = Type.Object(
  { current: Type.Optional(Paging.current), size: Type.Optional(Paging.size), ...SummaryFilterFields },
  { additionalProperties: false },
);
export type SummaryHeaderBody = Static<typeof SummaryHeaderBody>;
export const SummaryPageBody = Type.Object({ ...Paging, ...SummaryFilterFields }, { additionalProperties: false });
export type SummaryPageBody = Static<typeof SummaryPageBody>;
/** Risk summary: the status filter of section 4 (1 exists, 2 cannot be handled now, 8 rectified). */
export const RiskSummaryBody = Type.Object(
  {
    ...Paging,
    ...SummaryFilterFields,
    status: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(8)])),
    /** Extension (issue 22, 超期): true only risks open past their grade's days, false only the others. */
    overdue: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RiskSummaryBody = Static<typeof RiskSummaryBody>;

/** The overdue list: stores, groups or organisations (their subtrees); absent, everything in the caller's scope. */
export const OverdueRisksBody = Type.Object(
  { current: PageNumber, size: Type.Integer({ minimum: 1, maximum: 500 }), customerIds: Type.Optional(IdList) },
  { additionalProperties: false },
);
export type OverdueRisksBody = Static<typeof OverdueRisksBody>;

/** Risk summary row (console-spec section 3): grade and follow-up party already in words of the request's language (Accept-Language). */
export const RiskSummaryRow = Type.Object({
  id: Type.Integer(),
  customerCode: Type.String(),
  customerName: Type.String(),
  customerAddress: Type.String(),
  serviceStaff: Type.String(),
  realityStartTime: Type.String(),
  realityEndTime: Nullable(Type.String()),
  regionName: Type.String(),
  pointName: Nullable(Type.String()),
  /** 1, 2 or 8 (RiskStatus); the console shows RISK_STATUS_LABELS. */
  status: Type.Integer(),
  riskType: Type.String(),
  issueDesc: Type.String(),
  pestName: Nullable(Type.String()),
  advice: Type.String(),
  followUpMeasure: Type.String(),
  location: Type.String(),
  followUpType: Type.String(),
  grade: Type.String(),
  /** Before-rectification photo URLs. */
  picturesList: Type.Array(Type.String()),
  /** After-rectification photo URLs (empty until rectified). */
  rectifyPicturesList: Type.Array(Type.String()),
  /** Extension (issue 22): whole days open, or the days it took to put right (riskAgeDays). */
  ageDays: Type.Integer(),
  /** Open past the days its grade allows (isRiskOverdue, RISK_OVERDUE_DAYS). */
  overdue: Type.Boolean(),
});
export type RiskSummaryRow = Static<typeof RiskSummaryRow>;
export const RiskSummaryResponse = Envelope(Page(RiskSummaryRow));

/** Pest and device-type summaries: one row per store (and point where the header says so), keyed by the header's leaf props. */
export const SummaryRow = Type.Record(Type.String(), Nullable(Type.Union([Type.String(), Type.Number()])));
export type SummaryRow = Static<typeof SummaryRow>;
export const SummaryHeaderResponse = Envelope(Type.Array(TableHeaderNode));
export const SummaryPageResponse = Envelope(Type.Object({ total: Type.Integer(), records: Type.Array(SummaryRow), totalRow: SummaryRow }));
