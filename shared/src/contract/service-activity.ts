import { Type, type Static } from '@sinclair/typebox';
import { CHINA_TIME_ZONE } from '../constants.ts';
import { Nullable } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * Today's service activity (this product's extension, polled by the wallboard): the job orders of
 * the service day in the user's scope and the busiest stores of the week ending with it.
 */
export const ServiceActivityPaths = {
  activity: '/api/admin/web/webCustomer/selectServiceActivity',
} as const;

export const SERVICE_ACTIVITY_TOP_STORES = 5;
/** The "week" of topStores: this many days ending with the service day. */
export const SERVICE_ACTIVITY_WEEK_DAYS = 7;

/** No parameters: the scope comes from the token. A bare POST is accepted too. */
export const ServiceActivityBody = Type.Object({}, { additionalProperties: false });
export type ServiceActivityBody = Static<typeof ServiceActivityBody>;

/**
 * A day as this answer writes it. Not common.ts's Day: that one is for requests, and its custom
 * format inside a union makes the response serialiser (its own Ajv) warn that it ignores it.
 */
const AnswerDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `yyyy-MM-dd, ${CHINA_TIME_ZONE}` });

export const ServiceActivityStore = Type.Object({
  customerId: Type.Integer(),
  storeName: Type.String(),
  /** Job orders started at this store in the week. */
  count: Type.Integer(),
});
export type ServiceActivityStore = Static<typeof ServiceActivityStore>;

export const ServiceActivity = Type.Object({
  /**
   * The service day the counts are about: today when the scope has job orders today, otherwise
   * the latest earlier day that has some (isToday false, so a screen can say which day it shows);
   * null when the scope has no job orders at all.
   */
  day: Nullable(AnswerDay),
  isToday: Type.Boolean(),
  /** First day of the week of topStores (day - 6); null with day. */
  weekStart: Nullable(AnswerDay),
  /** Job orders of the day under way: the technician is at the store. */
  inProgress: Type.Integer(),
  /** Job orders of the day not started yet. */
  upcoming: Type.Integer(),
  /** Job orders of the week (weekStart to day) whose day ended without them being done. */
  overdue: Type.Integer(),
  /** Job orders of the day finished. */
  doneToday: Type.Integer(),
  /** Every job order of the day, whatever its state. */
  plannedToday: Type.Integer(),
  /** Stores with the most job orders in the week, most first (ties by store id), at most SERVICE_ACTIVITY_TOP_STORES. */
  topStores: Type.Array(ServiceActivityStore),
});
export type ServiceActivity = Static<typeof ServiceActivity>;
export const ServiceActivityResponse = Envelope(ServiceActivity);
