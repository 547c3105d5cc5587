import { CHINA_UTC_OFFSET_MS, chinaDay } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Sweep } from '../common/periodic-sweep.ts';
import type { Db } from '../db/db.ts';

/** Renewal notices go out in office hours (Beijing): from 9 o'clock, not at the midnight the window opens. */
const NOTICE_FROM_HOUR = 9;

/**
 * The product's renewal rule as a sweep: an active contract within `noticeDays` of its end is told,
 * once for that end day, through the notification rules that watch its stores (migration 475's
 * notify_enqueue_contract); extending the contract's end makes it due again when the new end nears.
 * Every instance may run it: the contract's row lock makes the notice once.
 */
export function contractRenewalWatch(db: Db, { logger, noticeDays }: { logger: FastifyBaseLogger; noticeDays: number }): Sweep {
  return {
    name: 'contract renewal notices',
    async run(now) {
      const at = new Date(now);
      const hour = new Date(now + CHINA_UTC_OFFSET_MS).getUTCHours();
      if (hour < NOTICE_FROM_HOUR) return;
      const today = chinaDay(at);
      const noticed = await db.transaction(async (tx) => {
        const due = await tx.query<{ id: number }>(
          `select id from contracts
           where state = 'active' and end_date between $1::date and $1::date + $2::int and renewal_noticed_for is distinct from end_date
           for update skip locked`,
          [today, noticeDays],
        );
        let deliveries = 0;
        for (const { id } of due) {
          const [row] = await tx.query<{ n: number }>('select notify_enqueue_contract($1, $2) as n', [id, at]);
          deliveries += row!.n;
          await tx.query('update contracts set renewal_noticed_for = end_date where id = $1', [id]);
        }
        return { contracts: due.length, deliveries };
      });
      if (noticed.contracts > 0) logger.info(noticed, 'contracts near their end were noticed for renewal');
    },
  };
}
