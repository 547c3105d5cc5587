import type { DemoSeedOptions } from '../../backend/demo-world.ts';
import type { Db } from '../../backend/db/db.ts';
import { lockSetup } from '../../backend/db/setup-lock.ts';
import { generateDomain } from './generate.ts';
import { seedJobOrders } from './job-orders.ts';
import { seedProvider } from './organisations.ts';
import { seedProviderDocuments } from './provider-documents.ts';
import { DEMO_USERS, seedUsers } from './users.ts';
import { seedContracts } from './contracts.ts';
import { seedArticles } from './articles.ts';
import { seedFloorPlans } from './floor-plans.ts';
import { seedTelemetry, telemetrySeeded } from './telemetry.ts';
import { LEGACY_ANCHOR, readDemoClock, storeDemoClock } from './demo-clock.ts';
import { fillHeartbeatHistory, planHeartbeatFill } from './heartbeat-history.ts';
import { ALARMS_NOW_DAYS } from './event-backlog.ts';
import { SHEETS_NOW_DAYS } from './sheet-backlog.ts';
import { readInstallation, recordInstallation } from '../../backend/db/installation.ts';
import { seedReferenceData } from '../../backend/db/reference/reference.ts';

const DAY_MS = 86_400_000;

/**
 * With fill 'later', the older history no first screen needs waits for the running backend: the
 * alarms handled more than ALARMS_NOW_DAYS ago (event-backlog.ts), the devices' heartbeat history
 * (heartbeat-history.ts) and the sheets of visits older than SHEETS_NOW_DAYS (sheet-backlog.ts).
 */
export type SeedOptions = DemoSeedOptions;

/**
 * DEMO=on: fills an empty database with the reference data and the demo's generated world, in one
 * transaction, up to `anchor` (default now),
 * and stores that moment as the demo clock; then the devices' heartbeat history, unless told to
 * leave the older history for later. A database that already has users is left alone, so restarts keep whatever
 * the demo user changed; the service scheduler's catch-up brings it to the present.
 */
export async function seed(db: Db, { scale, logger, anchor, fill = 'now' }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    // The demo's writers would invent reports of the provider's real devices and visits of its staff.
    if ((await readInstallation(tx))?.demo === false) {
      throw new Error('This database holds a provider\'s own data (it was first started with DEMO=off): start it with DEMO=off, or give DEMO=on an empty database');
    }
    const [users] = await tx.query<{ count: number }>('select count(*) as count from users');
    if (users!.count > 0) {
      await storeDemoClock(tx, LEGACY_ANCHOR);
      return;
    }
    const end = anchor ?? new Date();
    await recordInstallation(tx, true);
    await seedReferenceData(tx);
    const providerId = await seedProvider(tx);
    const demoCustomerId = await generateDomain(tx, scale, logger, end);
    await seedFloorPlans(tx);
    // Before the visits: a smart box's point checks count the captures it reported.
    const later = (days: number) => (fill === 'later' ? new Date(end.getTime() - days * DAY_MS) : undefined);
    await seedTelemetry(tx, logger, end, { deferAlarmsBefore: later(ALARMS_NOW_DAYS) });
    await seedJobOrders(tx, logger, end, { sheetsFrom: later(SHEETS_NOW_DAYS) });
    await seedUsers(tx, { providerId, demoCustomerId });
    await seedContracts(tx, demoCustomerId, end);
    await seedArticles(tx);
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
  if (fill === 'now') await fillHeartbeatHistory(db, { logger, storesPerStep: null });
}
