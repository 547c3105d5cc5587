import type { FastifyBaseLogger } from 'fastify';
import type { Sweep } from '../common/periodic-sweep.ts';
import { markOverdueVisits } from '../common/overdue-visits.ts';
import { firstWatched } from '../common/rule-watch.ts';
import type { Db } from '../db/db.ts';

export interface OverdueWatchOptions {
  logger: FastifyBaseLogger;
  /** When this backend began watching (epoch ms): the first-watched day of a database never watched before. */
  watchingSince: number;
  /**
   * How far the data's day has come, when something else moves it (the demo's service day, which
   * may run ahead of the clock and, after a stop, catches up the visits of the days it was off
   * before they may be judged). The clock's now when not given.
   */
  dataUpTo?: () => Promise<Date | null>;
}

/**
 * The product's overdue rule as a sweep: each round, the planned and in-progress visits whose day
 * (China time) is over turn overdue, from the day this database was first watched on
 * (common/rule-watch.ts). Every instance on a database may run it: a visit turns once
 * (the update's own row lock), and the first-watched day is written once.
 */
export function overdueWatch(db: Db, { logger, watchingSince, dataUpTo }: OverdueWatchOptions): Sweep {
  let since: Date | undefined;
  return {
    name: 'overdue visits',
    async run(now) {
      since ??= await firstWatched(db, new Date(watchingSince));
      const upTo = (await dataUpTo?.()) ?? new Date(now);
      const turned = await markOverdueVisits(db, new Date(Math.min(now, upTo.getTime())), since);
      if (turned > 0) logger.info({ overdue: turned }, 'visits not done by the end of their day are overdue');
    },
  };
}
