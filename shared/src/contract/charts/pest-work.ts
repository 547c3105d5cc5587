import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../envelope.ts';
import { StoreFilterFields, TimeTypeLiteral } from './chart-fields.ts';

// Screen 9: one store's pests, trend and density (conventions: chart-calls.ts)

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
