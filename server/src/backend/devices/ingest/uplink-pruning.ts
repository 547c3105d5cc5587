import type { FastifyBaseLogger } from 'fastify';
import type { Sweep } from '../../common/periodic-sweep.ts';
import type { Db } from '../../db/db.ts';

const PRUNE_EVERY_MS = 10 * 60_000;
/** Rows deleted per statement: a month of a large fleet's uplinks goes in short steps, never one long lock. */
const BATCH = 5_000;

/**
 * Raw uplinks (a device's 原始数据) are kept `retentionDays` (UPLINK_RETENTION_DAYS): a sweep of the
 * product's, at its first round and every ten minutes after. Every instance may run it.
 */
export function uplinkPruning(db: Db, { logger, retentionDays }: { logger: FastifyBaseLogger; retentionDays: number }): Sweep {
  let last = -Infinity;
  return {
    name: 'raw uplinks',
    async run(now) {
      if (now - last < PRUNE_EVERY_MS) return;
      last = now;
      const before = new Date(now - retentionDays * 86_400_000).toISOString();
      let pruned = 0;
      for (;;) {
        const rows = await db.query('delete from device_uplinks where id in (select id from device_uplinks where received_at < $1 limit $2) returning 1', [before, BATCH]);
        pruned += rows.length;
        if (rows.length < BATCH) break;
      }
      if (pruned > 0) logger.debug({ pruned }, 'raw uplinks past their retention pruned');
    },
  };
}
