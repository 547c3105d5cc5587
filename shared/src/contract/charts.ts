import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Day, EndDay, Id, IdList, NameList, PageNumber } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page, StoreNarrowingFields } from './filters.ts';

/**
 * Statistical charts (console-spec section 7 "Charts", screens 1, 2, 8, 9, 12 and 14), all POST
 * under /api/admin/web/webCustomer. Screens and the calls they make:
 *   /statisticalChart/trendChart1   screen 1   selectPointTrendChart → selectPointTrendChartDetails
 *   /dashboard                      screen 2   selectYearPets → selectRegionPets → selectPets
 *   /statisticalChart/combineTrend  screen 8   selectAllCustomerPestWork / selectAllCustomerRiskWork
 *   /statisticalChart/trendChart2   screen 9   selectPestWork
 *   /statisticalChart/riskTrend     screen 12  selectRisk → selectRiskDetails, exportSelectRiskDetails
 *   /statisticalChart/singleTrend   one point  selectPointTrendChartDetails
 *
 * Time (section 9). Dates are `yyyy-MM-dd` (Beijing wall-clock days, like every service time).
 * - startTime and endTime are inclusive whole days. An end day past its month's last day (the
 *   month contract's `-31`, also for February and 30-day months) means that month's last day;
 *   an impossible start (2026-02-30) or a start after the end is refused with 400.
 * - Time type (`type` where the spec names it so, `timeType` on the search form of screen 8):
 *   0 by month: periods are months `yyyy-MM`; one month's range is month+'-01' .. month+'-31'.
 *   1 by occurrence: periods are the days a visit happened, `yyyy-MM-dd`; one occurrence's range
 *   is start .. start plus one day (inclusive, so it also covers the next day's visits, if any).
 * - quarterType (screen 1, only when the filter has no time type): 0 months `yyyy-MM`,
 *   1 quarters `yyyy-Qn` (2026-Q1 = January to March). A quarter's range is its first month's
 *   '-01' .. its last month's '-31'. `chartKeyRange` (rules/chartPeriods.ts) turns any key of
 *   keyList/timeList into the range its drill-down call sends.
 * - Month and quarter periods are every period from the start to the end (zeros included) when
 *   both bounds are given, otherwise the periods that have data. Occurrence periods are always
 *   the days that have data.
 *
 * Units. Counts are whole numbers: "positive checks" count point checks that caught something
 * (a point checked on two visits and positive on both counts 2); "individuals" sum the catches
 * written on the point-check sheets. Positive rates are percentages with one decimal (12.5 for
 * 12.5 %), positive checks over checks made (`positiveRatePercent`, rules/positiveRate.ts), and
 * null where nothing was checked. A missing device (condition 丢失) was not checked.
 *
 * Scope. Ids outside the signed-in user's organisation contribute nothing: the answer is the
 * same as for ids that have no data.
 */
const WEB_CUSTOMER = '/api/admin/web/webCustomer';
export const ChartPaths = {
  pointTrend: `${WEB_CUSTOMER}/selectPointTrendChart`,
  pointTrendDetails: `${WEB_CUSTOMER}/selectPointTrendChartDetails`,
  yearPests: `${WEB_CUSTOMER}/selectYearPets`,
  regionPests: `${WEB_CUSTOMER}/selectRegionPets`,
  pests: `${WEB_CUSTOMER}/selectPets`,
  groupPestRates: `${WEB_CUSTOMER}/selectAllCustomerPestWork`,
  groupRiskRates: `${WEB_CUSTOMER}/selectAllCustomerRiskWork`,
  pestWork: `${WEB_CUSTOMER}/selectPestWork`,
  risk: `${WEB_CUSTOMER}/selectRisk`,
  riskDetails: `${WEB_CUSTOMER}/selectRiskDetails`,
  riskDetailsExport: `${WEB_CUSTOMER}/exportSelectRiskDetails`,
} as const;

/** Messages of the chart calls (the section 5 texts the search forms of screen 8 show, quoted exactly). */
export const ChartMessages = {
  customerTypeRequired: '请先选择【大区/客户】',
  areaRequired: '若【大区/客户】为大区 ,则必须筛选【大区】字段',
  riskChoiceRequired: '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选',
  comparisonTimeRequired: '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选',
  invalidDate: '日期无效',
  dateRangeReversed: '开始日期不能晚于结束日期',
  pointNotFound: '点位不存在',
} as const;

/** Search-form codes of screen 8 (section 3). */
export const ChartCustomerType = { region: 0, customer: 1 } as const;
export type ChartCustomerType = (typeof ChartCustomerType)[keyof typeof ChartCustomerType];
export const ChartWorkType = { trend: 0, comparison: 1 } as const;
export type ChartWorkType = (typeof ChartWorkType)[keyof typeof ChartWorkType];
export const ChartBasis = { pest: 0, risk: 1 } as const;
export type ChartBasis = (typeof ChartBasis)[keyof typeof ChartBasis];
/** Risk choice (风险选择): 0 by risk type (riskTypeNames or riskTypeIds), 1 by specific issue (issueDescNames). */
export const ChartRiskBasis = { byRiskType: 0, byIssue: 1 } as const;
export type ChartRiskBasis = (typeof ChartRiskBasis)[keyof typeof ChartRiskBasis];
/** quarterType of selectPointTrendChart. */
export const QuarterType = { month: 0, quarter: 1 } as const;
export type QuarterType = (typeof QuarterType)[keyof typeof QuarterType];
/** Risk dialog tabs (section 4): status 1 unresolved (status 1 or 2), 0 resolved (rectified, 8), null all. */
export const RiskDetailStatus = { unresolved: 1, resolved: 0 } as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const TimeTypeLiteral = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 by month, 1 by occurrence' });

/**
 * The shared filter form's fields a store chart narrows by. One of customerId / customerIds is
 * required (an organisation, group or store, each with its whole subtree): without it the answer
 * is 400 请先筛选【组织架构/门店】. The store-narrowing fields (area, region, contacts) keep the
 * stores of that subtree that match them. regionIds match a service region or its sub-areas;
 * petIds keep only those pests' catches (and rates); deviceTypeIds and pointIds keep only those points.
 */
const StoreFilterFields = {
  customerId: Type.Optional(Id),
  customerIds: Type.Optional(IdList),
  ...StoreNarrowingFields,
  servicePlanId: Type.Optional(Id),
  regionIds: Type.Optional(IdList),
  deviceTypeIds: Type.Optional(IdList),
  pointIds: Type.Optional(IdList),
  petIds: Type.Optional(IdList),
  /** Service period of the visits (see "Time" above). */
  startTime: Type.Optional(Day),
  endTime: Type.Optional(EndDay),
};

/** A named series: numberList lines up with the chart's keyList / timeList. */
export const ChartSeries = Type.Object({ name: Type.String(), numberList: Type.Array(Nullable(Type.Number())) });
export type ChartSeries = Static<typeof ChartSeries>;

// Screen 1: point positive summary and a point's trend

/**
 * selectPointTrendChart. `type` is the filter's time type; without it, quarterType picks months
 * (0, the default) or quarters (1).
 */
export const PointTrendBody = Type.Object(
  { ...StoreFilterFields, type: Type.Optional(TimeTypeLiteral), quarterType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) },
  { additionalProperties: false },
);
export type PointTrendBody = Static<typeof PointTrendBody>;

/** One point of chart 1: positive checks per period of keyList. */
export const PointTrendSeries = Type.Object({
  /** 粘鼠板 A-012; prefixed with the store's name when the answer spans several stores. */
  name: Type.String(),
  numberList: Type.Array(Type.Integer()),
  /** The point this series is: [its id] (the drill-down sends pointIds[0] as pointId). */
  pointIds: Type.Array(Type.Integer()),
});
export type PointTrendSeries = Static<typeof PointTrendSeries>;
/**
 * keyList: the periods ('yyyy-MM', 'yyyy-Qn' or occurrence days 'yyyy-MM-dd'); valueList: one
 * series per point positive at least once in the range, most positive checks first.
 */
export const PointTrend = Type.Object({ keyList: Type.Array(Type.String()), valueList: Type.Array(PointTrendSeries) });
export type PointTrend = Static<typeof PointTrend>;
export const PointTrendResponse = Envelope(PointTrend);

/**
 * selectPointTrendChartDetails: one point over a range, under the same store filters (a point
 * outside them answers with empty lists). type 1 (the screen-1 drill-down) groups by
 * occurrence, 0 by month.
 */
export const PointTrendDetailsBody = Type.Object(
  { ...StoreFilterFields, pointId: Id, type: TimeTypeLiteral },
  { additionalProperties: false },
);
export type PointTrendDetailsBody = Static<typeof PointTrendDetailsBody>;
/**
 * nameList: the periods in which the point was checked ('yyyy-MM-dd' occurrences or 'yyyy-MM'
 * months); numberList: individuals caught there per period (0 when checked and clean); pointName
 * as in chart 1. A point not found in scope answers 400 点位不存在.
 */
export const PointTrendDetails = Type.Object({
  nameList: Type.Array(Type.String()),
  numberList: Type.Array(Type.Integer()),
  pointName: Type.String(),
});
export type PointTrendDetails = Static<typeof PointTrendDetails>;
export const PointTrendDetailsResponse = Envelope(PointTrendDetails);

// Screen 2: yearly dashboard, three drill-down charts

/**
 * selectYearPets (chart 1): individuals caught per period over the range (the console sends a
 * year: yyyy-01-01 .. yyyy-12-31). type 0 (default) months, 1 occurrences.
 */
export const YearPestsBody = Type.Object({ ...StoreFilterFields, type: Type.Optional(TimeTypeLiteral) }, { additionalProperties: false });
export type YearPestsBody = Static<typeof YearPestsBody>;
/** keyList: periods; numberList: individuals caught per period. */
export const YearPests = Type.Object({ keyList: Type.Array(Type.String()), numberList: Type.Array(Type.Integer()) });
export type YearPests = Static<typeof YearPests>;
export const YearPestsResponse = Envelope(YearPests);

/**
 * selectRegionPets (chart 2): for the period picked in chart 1 (its range as startTime/endTime),
 * individuals caught per top-level service region. Regions of different plans with the same
 * name (every store has a 后厨) are one bar. The three calls take the same body: type (chart 1's
 * time type) is accepted here and in selectPets, where the range alone says the period.
 */
export const RegionPestsBody = Type.Object({ ...StoreFilterFields, type: Type.Optional(TimeTypeLiteral) }, { additionalProperties: false });
export type RegionPestsBody = Static<typeof RegionPestsBody>;
/**
 * nameList: region names where something was caught, most individuals first; numberList:
 * individuals caught in each;
 * regionIdsList: the region ids behind each bar, to send as regionIds to selectPets.
 */
export const RegionPests = Type.Object({
  nameList: Type.Array(Type.String()),
  numberList: Type.Array(Type.Integer()),
  regionIdsList: Type.Array(Type.Array(Type.Integer())),
});
export type RegionPests = Static<typeof RegionPests>;
export const RegionPestsResponse = Envelope(RegionPests);

/** selectPets (chart 3): for the period and the region picked (regionIds), individuals caught per pest. */
export const PestsBody = Type.Object({ ...StoreFilterFields, type: Type.Optional(TimeTypeLiteral) }, { additionalProperties: false });
export type PestsBody = Static<typeof PestsBody>;
/** nameList: pest names, most individuals first; numberList: individuals; petIds: the pests' ids. */
export const Pests = Type.Object({
  nameList: Type.Array(Type.String()),
  numberList: Type.Array(Type.Integer()),
  petIds: Type.Array(Type.Integer()),
});
export type Pests = Static<typeof Pests>;
export const PestsResponse = Envelope(Pests);

// Screen 8: positive rates across stores or sales areas

/**
 * selectAllCustomerPestWork / selectAllCustomerRiskWork: the search form of screen 8.
 * - customerType 1 compares the organisations, groups or stores in customerIds (each with its
 *   subtree); 0 compares the sales areas (大区) in areaIds (the stores in scope in each). The
 *   single-choice form's customerId and areaId count as one more of each (comparedIds).
 *   provinceId/cityId/districtId and contactNameList narrow the stores either way.
 * - workType 0 trend: periods of the range by timeType (0 months, default; 1 occurrences).
 *   workType 1 comparison (the default): two periods side by side, startTime..endTime and
 *   comparisonStartTime..comparisonEndTime, all four required.
 * - type is the statistic basis; optional, but when sent it must match the call (0 pest, 1 risk).
 * - Pest call: petIds, or every pest caught under the filters. Risk call: riskType 0 with
 *   riskTypeNames (or riskTypeIds, matched by their names), 1 with issueDescNames; required.
 * The section 5 messages answer a form that breaks these rules (400, groupRateFormProblem).
 * Customer ids outside the scope are not found: they get no series.
 */
const GroupRateFields = {
  customerType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  customerId: Type.Optional(Id),
  customerIds: Type.Optional(IdList),
  areaId: Type.Optional(Id),
  areaIds: Type.Optional(IdList),
  provinceId: Type.Optional(Id),
  cityId: Type.Optional(Id),
  districtId: Type.Optional(Id),
  contactNameList: Type.Optional(NameList),
  workType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  timeType: Type.Optional(TimeTypeLiteral),
  startTime: Type.Optional(Day),
  endTime: Type.Optional(EndDay),
  comparisonStartTime: Type.Optional(Day),
  comparisonEndTime: Type.Optional(EndDay),
};
export const GroupPestRateBody = Type.Object(
  { ...GroupRateFields, type: Type.Optional(Type.Literal(0)), petIds: Type.Optional(IdList) },
  { additionalProperties: false },
);
export type GroupPestRateBody = Static<typeof GroupPestRateBody>;
export const GroupRiskRateBody = Type.Object(
  {
    ...GroupRateFields,
    type: Type.Optional(Type.Literal(1)),
    riskType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    riskTypeIds: Type.Optional(IdList),
    riskTypeNames: Type.Optional(NameList),
    issueDescNames: Type.Optional(NameList),
  },
  { additionalProperties: false },
);
export type GroupRiskRateBody = Static<typeof GroupRiskRateBody>;

/**
 * One chart of screen 8: a pest (title `${name}阳性率`) or a risk type / issue (title name).
 * timeList: the x axis, periods (trend) or the two ranges 'yyyy-MM-dd~yyyy-MM-dd' (comparison,
 * the service period first); nameList: the stores or sales areas compared, one series each;
 * valueList: those series (name = nameList[i]), positive rates in % per timeList entry.
 * A pest's rate: positive checks of it over checks of device types that can catch it. A risk's
 * rate: visits on which it was raised over visits made, in %.
 */
export const GroupRateChart = Type.Object({
  name: Type.String(),
  nameList: Type.Array(Type.String()),
  timeList: Type.Array(Type.String()),
  valueList: Type.Array(ChartSeries),
});
export type GroupRateChart = Static<typeof GroupRateChart>;
export const GroupRateResponse = Envelope(Type.Array(GroupRateChart));

// Screen 9: one store's pests, trend and density

/**
 * selectPestWork: a store (customerId), optionally its plan and regions, the pests asked
 * (petIds, or every pest caught), type 0 months (default) or 1 occurrences. Pests come by id.
 */
export const PestWorkBody = Type.Object({ ...StoreFilterFields, type: Type.Optional(TimeTypeLiteral) }, { additionalProperties: false });
export type PestWorkBody = Static<typeof PestWorkBody>;
/**
 * One pest: name (and petId); trend: timeList periods and valueList individuals caught per
 * period; density: nameList top-level service regions (merged by name) and numberList the
 * individuals caught in each over the whole range (a pie's slices; regions with none left out).
 */
export const PestWorkItem = Type.Object({
  name: Type.String(),
  petId: Type.Integer(),
  timeList: Type.Array(Type.String()),
  valueList: Type.Array(Type.Integer()),
  nameList: Type.Array(Type.String()),
  numberList: Type.Array(Type.Integer()),
});
export type PestWorkItem = Static<typeof PestWorkItem>;
export const PestWorkResponse = Envelope(Type.Array(PestWorkItem));

// Screen 12: risk point summary and its dialog

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
 * A risk detail row (section 3 plus the two columns of screen 12 it lacks: riskNumber, regionName).
 * Column labels, in the screen's order: RISK_DETAIL_COLUMNS. Times are 'yyyy-MM-dd HH:mm:ss'.
 */
export const RiskDetailRow = Type.Object({
  id: Type.Integer(),
  /** 图片: photos before rectification (URLs). */
  pictures: Type.Array(Type.String()),
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
});
export type RiskDetailRow = Static<typeof RiskDetailRow>;
export const RiskDetailsResponse = Envelope(Page(RiskDetailRow));

/** The dialog table's and the export's columns, in screen 12's order. */
export const RISK_DETAIL_COLUMNS: readonly { prop: keyof RiskDetailRow; name: string }[] = [
  { prop: 'pictures', name: '图片' },
  { prop: 'insectPestName', name: '目标害虫' },
  { prop: 'riskNumber', name: '风险编号' },
  { prop: 'riskType', name: '风险类型' },
  { prop: 'riskDesc', name: '风险描述' },
  { prop: 'regionName', name: '区域' },
  { prop: 'issueDesc', name: '问题描述' },
  { prop: 'serviceRegionName', name: '服务方案区域名称' },
  { prop: 'serviceRegionLevel', name: '服务区域级别' },
  { prop: 'dateOfOccurrence', name: '整改时间' },
  { prop: 'advice', name: '整改建议' },
  { prop: 'followUpType', name: '跟进方' },
  { prop: 'followUpMeasure', name: '跟进措施' },
  { prop: 'solvedPictures', name: '以往发生图片' },
  { prop: 'solvedDateOfOccurrence', name: '以往发生时间' },
  { prop: 'createTime', name: '创建时间' },
];
/** The export's file name (RFC 6266 attachment). */
export const RISK_DETAILS_FILE_NAME = '风险明细.xlsx';
