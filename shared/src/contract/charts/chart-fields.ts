import { Type } from '@sinclair/typebox';
import { Day, EndDay, Id, IdList } from '../common.ts';
import { StoreNarrowingFields } from '../filters.ts';

// What the chart bodies share; the package entry does not export it.

export const TimeTypeLiteral = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 by month, 1 by occurrence' });

/**
 * The shared filter form's fields a store chart narrows by. One of customerId / customerIds is
 * required (an organisation, group or store, each with its whole subtree): without it the answer
 * is 400 请先筛选【组织架构/门店】. The store-narrowing fields (area, region, contacts) keep the
 * stores of that subtree that match them. regionIds match a service region or its sub-areas;
 * petIds keep only those pests' catches (and rates); deviceTypeIds and pointIds keep only those points.
 */
export const StoreFilterFields = {
  customerId: Type.Optional(Id),
  customerIds: Type.Optional(IdList),
  ...StoreNarrowingFields,
  servicePlanId: Type.Optional(Id),
  regionIds: Type.Optional(IdList),
  deviceTypeIds: Type.Optional(IdList),
  pointIds: Type.Optional(IdList),
  petIds: Type.Optional(IdList),
  /** Service period of the visits (see "Time" in chart-calls.ts). */
  startTime: Type.Optional(Day),
  endTime: Type.Optional(EndDay),
};
