import type { Db } from '../db.ts';
import { lockSetup } from '../setup-lock.ts';
import { seedOrganisations } from './organisations.ts';
import { seedUsers } from './users.ts';

/**
 * Fills an empty database with the demo data, in one transaction. A database that already has
 * users is left alone, so restarts keep whatever the demo user changed.
 */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    const [users] = await tx.query<{ count: number }>('select count(*) as count from users');
    if (users!.count > 0) return;
    const organisations = await seedOrganisations(tx);
    await seedUsers(tx, organisations);
  });
}
