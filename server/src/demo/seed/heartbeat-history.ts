import type { Db, Queryable } from '../../backend/db/db.ts';
import { lockSetup } from '../../backend/db/setup-lock.ts';
import { readDemoClock } from './demo-clock.ts';
import { fillInSteps, type StepFillOptions } from './fill-in-steps.ts';
import { describeDevices, openTelemetryClock, planOutages, RAW_DAYS, seedHeartbeats, settleDevices } from './telemetry.ts';

/**
 * The devices' heartbeat history (raw heartbeats of the last RAW_DAYS, daily counts of the year,
 * and the last reading each device shows), which no first screen reads: a first start answers
 * without it and fills it in afterwards, a few stores at a time, each step a transaction of its
 * own (a quarter of a second at the medium scale), so requests get the database between steps. A step
 * makes exactly the rows the whole history would have: every value is a hash of the device and
 * its slot, and a LoRa box's outages follow its gateway's, which stands in the same store.
 */

/**
 * Stores one background step fills: ~100 devices of the medium fleet, a quarter of a second on a
 * quiet machine, which is as long as a request (or /healthz behind /readyz) waits for the database.
 */
export const HEARTBEAT_FILL_STORES = 5;

/** What a pending fill says it is filling in: the start banner and the console name it. */
export const HEARTBEAT_FILL_WHAT = `device heartbeat history (the last ${RAW_DAYS} days of heartbeats and the daily counts of the year)`;

interface StoreRange {
  from: number;
  to: number;
}

/** Records that the stores with devices wait for their heartbeat history (in the seeding transaction). */
export async function planHeartbeatFill(tx: Queryable): Promise<void> {
  await tx.exec(
    `update demo_clock set (heartbeat_fill_from, heartbeat_fill_to) = (select min(customer_id), max(customer_id) from devices)`,
  );
}

async function pendingStores(q: Queryable): Promise<StoreRange | null> {
  const [row] = await q.query<{ from: number | null; to: number | null }>('select heartbeat_fill_from as "from", heartbeat_fill_to as "to" from demo_clock');
  return row?.from != null && row.to != null ? { from: row.from, to: row.to } : null;
}

/** Whether a heartbeat history is still to be filled in. */
export async function heartbeatFillPending(q: Queryable): Promise<boolean> {
  return (await pendingStores(q)) !== null;
}

/**
 * Fills the next `stores` stores' history (all of it when null, as one bulk load); true when more
 * wait. The history ends where the rest of the seed does (filled_to: the live writers wait for the fill).
 */
async function fillStep(db: Db, stores: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    const pending = await pendingStores(tx);
    if (!pending) return false;
    const last = stores === null ? pending.to : Math.min(pending.to, pending.from + stores - 1);
    const clock = await readDemoClock(tx);
    await openTelemetryClock(tx, { from: null, to: clock!.filledTo });
    await describeDevices(tx, { from: pending.from, to: last });
    await tx.exec('analyze tele_clock, tele_device');
    await planOutages(tx);
    await seedHeartbeats(tx, { bulk: stores === null });
    await settleDevices(tx, { history: false });
    const more = last < pending.to;
    await tx.query(
      `update demo_clock set heartbeat_fill_from = case when $1 then $2::int end, heartbeat_fill_to = case when $1 then heartbeat_fill_to end`,
      [more, last + 1],
    );
    return more;
  });
}

export interface HeartbeatFillOptions extends StepFillOptions {
  /** Stores a step fills; null fills all at once (the seed's own transaction sizes, before anybody reads). */
  storesPerStep: number | null;
}

/** Fills whatever heartbeat history waits, step by step; false when stopped before the end. */
export const fillHeartbeatHistory = (db: Db, { storesPerStep, ...options }: HeartbeatFillOptions): Promise<boolean> =>
  fillInSteps(
    db,
    {
      name: 'heartbeat history',
      pending: heartbeatFillPending,
      step: () => fillStep(db, storesPerStep),
      analyze: 'devices, device_heartbeats, device_daily, heartbeat_daily, heartbeat_hourly',
    },
    options,
  );
