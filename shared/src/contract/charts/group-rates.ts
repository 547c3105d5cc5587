import { Type, type Static } from '@sinclair/typebox';
import { Day, EndDay, Id, IdList, NameList, Nullable } from '../common.ts';
import { Envelope } from '../envelope.ts';
import { TimeTypeLiteral } from './chart-fields.ts';

// Screen 8: positive rates across stores or sales areas (conventions: chart-calls.ts)

/** A named series: numberList lines up with the chart's keyList / timeList. */
export const ChartSeries = Type.Object({ name: Type.String(), numberList: Type.Array(Nullable(Type.Number())) });
export type ChartSeries = Static<typeof ChartSeries>;

/**
 * selectAllCustomerPestWork / selectAllCustomerRiskWork: the search form of screen 8.
 * - customerType 1 compares the organisations, groups or stores in customerIds (each with its
 *   subtree); 0 compares the sales areas (大区) in areaIds (the stores in scope in each). The
 *   single-choice form's customerId and areaId count as one more of each (comparedIds).
 *   provinceId/cityId/districtId and contactNameList narrow the stores either way.
 * - workType 0 trend: periods of the range by timeType (0 months, default; 1 occurrences).
 *   workType 1 comparison (the default): two periods side by side, startTime..endTime and
 *   comparisonStartTime..comparisonEndTime when all four are sent; otherwise, with a timeType,
 *   the periods of that time type are compared (as a trend draws them). The spec asks for the
 *   comparison times or the time type.
 * - type is the statistic basis; optional, but when sent it must match the call (0 pest, 1 risk).
 * - Pest call: petIds, or every pest caught under the filters. Risk call: riskType 0 with
 *   riskTypeNames (or riskTypeIds, matched by their names), 1 with issueDescNames; required.
 * A body that breaks the form's rules (ScreenFilterForms.positiveRate, filterFormVerdict) is
 * answered 400 with the section 5 message the console shows.
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
