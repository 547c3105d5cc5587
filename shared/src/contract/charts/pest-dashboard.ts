import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../envelope.ts';
import { StoreFilterFields, TimeTypeLiteral } from './chart-fields.ts';

// Screen 2: yearly dashboard, three drill-down charts (conventions: chart-calls.ts)

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
