import type { Logger } from 'pino';
import type { Queryable } from '../../backend/db/db.ts';
import { seedDemoCatalog } from '../../backend/db/reference/catalog.ts';
import { seedCustomers } from './customers.ts';
import { planLayout, type Layout, type SeedScale } from './layout.ts';
import { seedPlans } from './plans.ts';
import { seedPlanThresholds } from './thresholds.ts';
import { seedPoints } from './points.ts';

/** Tables the generator fills over the reference data (seed/reference.ts), in the order it fills them. */
export const GENERATED_TABLES = [
  'materials', 'departments', 'customers', 'contacts', 'service_plans', 'service_regions', 'devices', 'points', 'plan_thresholds',
] as const;

/** Generated with explicit ids; later inserts take theirs from the identity sequence. */
const IDENTITY_TABLES = ['customers', 'contacts', 'service_plans', 'service_regions', 'devices', 'points'];

/**
 * Generates the demo's domain over the reference data at `scale` inside the caller's transaction, in set-based SQL, and logs
 * each step; devices were last heard of a little before `end`. Returns the id of the demo manager's organisation.
 */
export async function generateDomain(tx: Queryable, scale: SeedScale, logger: Logger, end: Date): Promise<number> {
  const layout = planLayout(scale);
  const started = performance.now();
  logger.info({ scale }, 'generating demo data');
  const step = async (name: string, tables: string[], fill: () => Promise<unknown>) => {
    const stepStarted = performance.now();
    await fill();
    const rows: Record<string, number> = {};
    for (const table of tables) rows[table] = (await tx.query<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n;
    logger.info({ step: name, rows, ms: Math.round(performance.now() - stepStarted) }, 'generated');
  };

  // The reference data (regions, the catalogue) is in already: seed/reference.ts.
  await step('catalog', ['materials', 'departments'], () => seedDemoCatalog(tx));
  await loadLayout(tx, layout);
  await step('customers', ['customers', 'contacts'], () => seedCustomers(tx, layout));
  await step('plans', ['service_plans', 'service_regions', 'plan_thresholds'], async () => {
    await seedPlans(tx);
    await seedPlanThresholds(tx);
  });
  await step('points', ['devices', 'points'], () => seedPoints(tx, end));
  for (const table of IDENTITY_TABLES) {
    await tx.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  // The planner needs statistics of the new rows at once: PGlite runs no autovacuum at all.
  await tx.exec(`analyze ${GENERATED_TABLES.join(', ')}`);
  logger.info({ scale, ms: Math.round(performance.now() - started) }, 'generated demo data');
  return layout.organisations[0]!.id;
}

/** The per-store plan as a temporary table, for the SQL steps to join. */
async function loadLayout(tx: Queryable, { organisations, stores }: Layout): Promise<void> {
  await tx.exec(`create temp table layout_store (
    id integer primary key, organisation_id integer, parent_id integer, province_id integer, area_id integer,
    brand text, label text, industry text, smart_devices integer, gateways integer, lora boolean, passive_points integer[]
  ) on commit drop`);
  const organisation = new Map(organisations.map((o) => [o.id, o]));
  const column = <T>(pick: (store: Layout['stores'][number]) => T) => stores.map(pick);
  await tx.query(
    `insert into layout_store
     select id, organisation_id, parent_id, province_id, area_id, brand, label, industry, smart_devices, gateways, lora,
            string_to_array(passive_points, ',')::int[]
     from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::bool[], $12::text[])
       as s(id, organisation_id, parent_id, province_id, area_id, brand, label, industry, smart_devices, gateways, lora, passive_points)`,
    [
      column((s) => s.id),
      column((s) => s.organisationId),
      column((s) => s.parentId),
      column((s) => s.provinceId),
      column((s) => s.areaId),
      column((s) => organisation.get(s.organisationId)!.brand),
      column((s) => organisation.get(s.organisationId)!.label),
      column((s) => s.industry),
      column((s) => s.smartDevices),
      column((s) => s.gateways),
      column((s) => s.lora),
      column((s) => s.passivePoints.join(',')),
    ],
  );
}
