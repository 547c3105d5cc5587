import { Type, type Static } from '@sinclair/typebox';
import { Day, EndDay, Id, IdList, NameList, Nullable, PageNumber } from '../common.ts';
import { Envelope } from '../envelope.ts';
import { Page, StoreNarrowingFields } from '../filters.ts';
import { TABLE_TEXTS, type TableTextId } from '../../texts/table-texts.ts';
import { TimeTypeLiteral } from './chart-fields.ts';

// Screen 12: risk point summary and its dialog (conventions: chart-calls.ts)

/**
 * The risk trend form: store, service period, plan, regions, risk types (riskTypeIds match a
 * risk type or an issue, riskTypeNames risk types by name); type is its time type, which only
 * shapes the pickers (accepted, not used).
 */
const RiskFilterFields = {
  customerId: Type.Optional(Id),
  customerIds: Type.Optional(IdList),
  ...StoreNarrowingFields,
  servicePlanId: Type.Optional(Id),
  regionIds: Type.Optional(IdList),
  riskTypeIds: Type.Optional(IdList),
  riskTypeNames: Type.Optional(NameList),
  type: Type.Optional(TimeTypeLiteral),
  startTime: Type.Optional(Day),
  endTime: Type.Optional(EndDay),
};
/** selectRisk: risks raised on the visits in the period, per risk type. */
export const RiskChartBody = Type.Object(RiskFilterFields, { additionalProperties: false });
export type RiskChartBody = Static<typeof RiskChartBody>;
/** nameList: risk type names (types of different plans with one name are one bar), most risks first; numberList: risks raised. */
export const RiskChart = Type.Object({ nameList: Type.Array(Type.String()), numberList: Type.Array(Type.Integer()) });
export type RiskChart = Static<typeof RiskChart>;
export const RiskChartResponse = Envelope(RiskChart);

/**
 * selectRiskDetails and exportSelectRiskDetails (same body; the export ignores paging and
 * writes every row): the chart's filters with riskTypeNames = [the bar clicked], the dialog's
 * rectification-date range (rectifyStartTime/rectifyEndTime, inclusive days, on 整改时间: an
 * unrectified risk has none, so it drops out when a range is given), the tab as status
 * (1 unresolved, 0 resolved, null or absent all), pageNum/pageSize. Newest first.
 */
export const RiskDetailsBody = Type.Object(
  {
    ...RiskFilterFields,
    rectifyStartTime: Type.Optional(Day),
    rectifyEndTime: Type.Optional(EndDay),
    status: Type.Optional(Nullable(Type.Union([Type.Literal(0), Type.Literal(1)]))),
    pageNum: PageNumber,
    pageSize: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);
export type RiskDetailsBody = Static<typeof RiskDetailsBody>;

/**
 * A risk detail row (section 3 plus the two columns of screen 12 it lacks: riskNumber, regionName; and the store).
 * Column labels, in the screen's order: RISK_DETAIL_COLUMNS. Times are 'yyyy-MM-dd HH:mm:ss'.
 */
export const RiskDetailRow = Type.Object({
  id: Type.Integer(),
  /** 图片: photos before rectification (URLs). */
  pictures: Type.Array(Type.String()),
  /**
   * Extension (issue 35), 门店: where the risk is, the store's name; `organisation / store` when
   * the customers asked for (as far as the user sees them) span several organisations.
   */
  customerName: Type.String(),
  /** 目标害虫 */
  insectPestName: Nullable(Type.String()),
  /** 风险编号: the job order's code and the risk's number, e.g. GD20260105001-R12. */
  riskNumber: Type.String(),
  /** 风险类型 */
  riskType: Type.String(),
  /** 风险描述: where exactly, as the technician wrote it, and the grade: 洗碗间排水沟旁（高）. */
  riskDesc: Type.String(),
  /** 区域: the top-level service region (后厨). */
  regionName: Type.String(),
  /** 问题描述 */
  issueDesc: Type.String(),
  /** 服务方案区域名称: the region of the plan the risk is in (洗碗间). */
  serviceRegionName: Type.String(),
  /** 服务区域级别: that region's level in the plan (1 top). */
  serviceRegionLevel: Type.Integer(),
  /** 整改时间: null until rectified. */
  dateOfOccurrence: Nullable(Type.String()),
  /** 整改建议 */
  advice: Type.String(),
  /** 跟进方: 客户 or 服务商. */
  followUpType: Type.String(),
  /** 跟进措施 */
  followUpMeasure: Type.String(),
  /** 以往发生图片: photos of the previous time the same issue was raised in the same region of the store; empty if never. */
  solvedPictures: Type.Array(Type.String()),
  /** 以往发生时间: when that previous risk was raised; null if never. */
  solvedDateOfOccurrence: Nullable(Type.String()),
  /** 创建时间: when the risk was raised. */
  createTime: Type.String(),
  /** Extension (issue 22), 风险时长: whole days open, or the days it took to put right. */
  ageDays: Type.Integer(),
  /** Open past the days its grade allows (RISK_OVERDUE_DAYS). */
  overdue: Type.Boolean(),
});
export type RiskDetailRow = Static<typeof RiskDetailRow>;
export const RiskDetailsResponse = Envelope(Page(RiskDetailRow));

/** The dialog table's and the export's columns, in screen 12's order, the store (an extension) after the pictures. */
export const RISK_DETAIL_COLUMNS: readonly { prop: keyof RiskDetailRow; text: TableTextId }[] = [
  { prop: 'pictures', text: 'pictures' },
  { prop: 'customerName', text: 'store' },
  { prop: 'insectPestName', text: 'targetPest' },
  { prop: 'riskNumber', text: 'riskNumber' },
  { prop: 'riskType', text: 'riskType' },
  { prop: 'riskDesc', text: 'riskDesc' },
  { prop: 'regionName', text: 'region' },
  { prop: 'issueDesc', text: 'issueDescription' },
  { prop: 'serviceRegionName', text: 'planRegion' },
  { prop: 'serviceRegionLevel', text: 'planRegionLevel' },
  { prop: 'dateOfOccurrence', text: 'rectifiedAt' },
  { prop: 'advice', text: 'advice' },
  { prop: 'followUpType', text: 'followUpParty' },
  { prop: 'followUpMeasure', text: 'followUpMeasure' },
  { prop: 'solvedPictures', text: 'previousPictures' },
  { prop: 'solvedDateOfOccurrence', text: 'previousTime' },
  { prop: 'createTime', text: 'createdAt' },
  { prop: 'ageDays', text: 'riskAge' },
];
/** The export's file name (RFC 6266 attachment) in Chinese; the API names its file in the request's language (riskDetails). */
export const RISK_DETAILS_FILE_NAME = `${TABLE_TEXTS.riskDetails.zh}.xlsx`;
