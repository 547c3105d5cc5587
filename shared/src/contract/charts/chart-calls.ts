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

/** Messages of the chart calls; a form that breaks a section 5 rule is answered with FilterMessages (rules/filterForm). */
export const ChartMessages = {
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
