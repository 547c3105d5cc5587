import type { Logger } from 'pino';
import type { Db } from '../db.ts';
import { lockSetup } from '../setup-lock.ts';
import { generateDomain } from './generate.ts';
import { seedJobOrders } from './job-orders.ts';
import type { SeedScale } from './layout.ts';
import { seedProvider } from './organisations.ts';
import { seedRiskPhotos } from './risk-photos.ts';
import { seedUsers } from './users.ts';
import { seedFloorPlans } from './floor-plans.ts';
import { seedTelemetry, telemetrySeeded } from './telemetry.ts';

export interface SeedOptions {
  scale: SeedScale;
  logger: Logger;
}

/**
 * Fills an empty database with the demo data, in one transaction. A database that already has
 * users is left alone, so restarts keep whatever the demo user changed.
 */
export async function seed(db: Db, { scale, logger }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    const [users] = await tx.query<{ count: number }>('select count(*) as count from users');
    if (users!.count > 0) return;
    const providerId = await seedProvider(tx);
    const demoCustomerId = await generateDomain(tx, scale, logger);
    await seedJobOrders(tx, logger);
    await seedRiskPhotos(tx);
    await seedUsers(tx, { providerId, demoCustomerId });
  });
  // Its own step: a data dir made before telemetry existed gets it on its next start.
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await telemetrySeeded(tx)) return;
    await seedFloorPlans(tx);
    await seedTelemetry(tx, logger);
  });
}
