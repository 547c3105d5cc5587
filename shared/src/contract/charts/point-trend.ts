import { Type, type Static } from '@sinclair/typebox';
import { Id } from '../common.ts';
import { Envelope } from '../envelope.ts';
import { StoreFilterFields, TimeTypeLiteral } from './chart-fields.ts';

// Screen 1: point positive summary and a point's trend (conventions: chart-calls.ts)

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
