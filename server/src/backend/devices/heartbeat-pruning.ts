import type { FastifyBaseLogger } from 'fastify';
import { pruneRawHeartbeats } from '../common/heartbeat-retention.ts';
import type { Sweep } from '../common/periodic-sweep.ts';
import { firstWatched } from '../common/rule-watch.ts';
import type { Db } from '../db/db.ts';

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The raw heartbeats' retention as a sweep of the product's: at its first round and every ten
 * minutes after, those past RAW_HEARTBEAT_DAYS go, from the retention of the moment the rules first
 * watched this database on (common/rule-watch.ts). Every instance may run it: a row goes once.
 */
export function heartbeatPruning(db: Db, { logger, watchingSince }: { logger: FastifyBaseLogger; watchingSince: number }): Sweep {
  let since: Date | undefined;
  let last = -Infinity;
  return {
    name: 'raw heartbeats',
    async run(now) {
      if (now - last < PRUNE_EVERY_MS) return;
      last = now;
      since ??= await firstWatched(db, new Date(watchingSince));
      const pruned = await pruneRawHeartbeats(db, now, since);
      if (pruned > 0) logger.debug({ pruned }, 'raw heartbeats past their retention pruned');
    },
  };
}
