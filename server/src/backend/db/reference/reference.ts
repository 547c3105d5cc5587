import type { Queryable } from '../db.ts';
import { seedReferenceCatalog } from './catalog.ts';
import { seedRegions } from './regions.ts';
import { ensureBuiltInRoles } from './roles.ts';

/**
 * What the product needs before its first customer, on every empty start (demo or not): China's
 * administrative regions and the sales areas over them, the pest catalogue, device types, risk
 * types and issues, the dictionary, and the roles accounts are given.
 */
export async function seedReferenceData(tx: Queryable): Promise<void> {
  await seedRegions(tx);
  await seedReferenceCatalog(tx);
  await ensureBuiltInRoles(tx);
  // The planner needs statistics of the new rows at once: PGlite runs no autovacuum at all.
  await tx.exec(`analyze ${REFERENCE_TABLES.join(', ')}`);
}

export const REFERENCE_TABLES = ['regions', 'sales_areas', 'pests', 'dictionary', 'device_types', 'risk_groups', 'risk_types', 'roles'] as const;
