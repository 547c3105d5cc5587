import type { Logger } from 'pino';
import type { Db } from '../db.ts';
import { lockSetup } from '../setup-lock.ts';
import { generateDomain } from './generate.ts';
import { seedJobOrders } from './job-orders.ts';
import type { SeedScale } from './layout.ts';
import { seedProvider } from './organisations.ts';
import { seedProviderDocuments } from './provider-documents.ts';
import { DEMO_USERS, seedUsers } from './users.ts';
import { seedFloorPlans } from './floor-plans.ts';
import { seedTelemetry, telemetrySeeded } from './telemetry.ts';
import { LEGACY_ANCHOR, readDemoClock, storeDemoClock } from './demo-clock.ts';
import { fillHeartbeatHistory, planHeartbeatFill } from './heartbeat-history.ts';

export interface SeedOptions {
  scale: SeedScale;
  logger: Logger;
  /** Where the history ends (DEMO_ANCHOR); the moment of seeding when not given. */
  anchor?: Date | null;
  /**
   * 'later': leave the devices' heartbeat history (heartbeat-history.ts) for the caller to fill in
   * while the product already answers; by default it is filled in before this returns.
   */
  heartbeatHistory?: 'now' | 'later';
}

/**
 * Fills an empty database with the demo data, in one transaction, up to `anchor` (default now),
 * and stores that moment as the demo clock; then the devices' heartbeat history, unless told to
 * leave it for later. A database that already has users is left alone, so restarts keep whatever
 * the demo user changed; the service scheduler's catch-up brings it to the present.
 */
export async function seed(db: Db, { scale, logger, anchor, heartbeatHistory = 'now' }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    const [users] = await tx.query<{ count: number }>('select count(*) as count from users');
    if (users!.count > 0) {
      await storeDemoClock(tx, LEGACY_ANCHOR);
      return;
    }
    const end = anchor ?? new Date();
    const providerId = await seedProvider(tx);
    const demoCustomerId = await generateDomain(tx, scale, logger, end);
    await seedFloorPlans(tx);
    // Before the visits: a smart box's point checks count the captures it reported.
    await seedTelemetry(tx, logger, end);
    await seedJobOrders(tx, logger, end);
    await seedUsers(tx, { providerId, demoCustomerId });
    await seedProviderDocuments(tx, providerId, DEMO_USERS[0].id, end);
    await storeDemoClock(tx, end);
    await planHeartbeatFill(tx);
  });
  // Its own step: a data dir made before telemetry existed gets it on its next start.
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await telemetrySeeded(tx)) return;
    await seedFloorPlans(tx);
    await seedTelemetry(tx, logger, (await readDemoClock(tx))!.filledTo);
    await planHeartbeatFill(tx);
  });
  if (heartbeatHistory === 'now') await fillHeartbeatHistory(db, { logger, storesPerStep: null });
}
