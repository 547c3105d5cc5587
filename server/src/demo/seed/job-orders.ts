import type { Logger } from 'pino';
import type { Queryable } from '../../backend/db/db.ts';
import { planVisits } from './job-orders-visits.ts';
import { CHECK_READINGS, OTHER_REGION_WEIGHT, REGION_ACTIVITY, SEASONS } from './job-orders-vocabulary.ts';
import { advanceVisits, type AdvanceOptions } from './visit-progress.ts';

/** Tables the job-order step fills, in the order it fills them. */
export const JOB_ORDER_TABLES = [
  'device_type_metrics', 'job_orders', 'job_order_pests', 'point_checks', 'point_check_values', 'job_order_materials', 'risks', 'risk_photos',
] as const;

/** The roll-ups the triggers fill from those tables' rows (migrations 120 and 150–190). */
export const SERVICE_ROLLUP_TABLES = [
  'service_check_months', 'service_catch_months', 'service_point_positive_months', 'service_organisation_check_months', 'service_organisation_catch_months',
  'service_point_catch_months', 'service_device_type_months', 'service_check_days', 'service_catch_days',
] as const;

/**
 * A year of service visits to every store up to `end`, each with its point checks and the risks
 * raised, in set-based SQL inside the caller's transaction: the service scheduler's own steps
 * (plan the visits, move them on to `end`) run over the whole year at once, so the history and the
 * live business that continues it are one model. Needs the domain (stores, plans, points, pests,
 * risk types) and the telemetry (smart boxes' trigger events) generated first.
 */
export async function seedJobOrders(tx: Queryable, logger: Logger, end: Date, options: AdvanceOptions = {}): Promise<void> {
  const started = performance.now();
  await loadActivityModel(tx);
  await tx.exec(`insert into device_type_metrics (device_type_id, metric, pest_id)
    select distinct device_type_id, metric, pest_id from check_reading order by 1, 2, 3`);
  await planVisits(tx, { from: null, to: end });
  await advanceVisits(tx, end, options);
  // Statistics for the planner now: PGlite runs no autovacuum, and PostgreSQL's would come later.
  await tx.exec(`analyze ${[...JOB_ORDER_TABLES, ...SERVICE_ROLLUP_TABLES].join(', ')}`);

  const rows: Record<string, number> = {};
  for (const table of JOB_ORDER_TABLES) rows[table] = (await tx.query<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n;
  logger.info({ step: 'job orders', rows, ms: Math.round(performance.now() - started) }, 'generated');
}

/**
 * The activity model as temporary tables the SQL steps join, dropped at the end of the
 * transaction: seasons by pest kind and month, each device type's readings, each sub-area's weight.
 */
export async function loadActivityModel(tx: Queryable): Promise<void> {
  const seasons = Object.entries(SEASONS).flatMap(([kind, factors]) => factors.map((factor, i) => [kind, i + 1, factor] as const));
  await tx.exec('create temp table pest_season (kind text, month integer, factor float8, primary key (kind, month)) on commit drop');
  await tx.query('insert into pest_season select * from unnest($1::text[], $2::int[], $3::float8[])', [
    seasons.map((row) => row[0]),
    seasons.map((row) => row[1]),
    seasons.map((row) => row[2]),
  ]);

  const readings = Object.entries(CHECK_READINGS).flatMap(([deviceType, list]) => list.map((reading) => ({ deviceType, ...reading })));
  await tx.exec(`create temp table check_reading (
    device_type_id integer, metric text, pest_id integer, kind text, chance float8, mean float8, max integer, after_trigger boolean
  ) on commit drop`);
  await tx.query(
    `insert into check_reading
     select t.id, r.metric, p.id, r.kind, r.chance, r.mean, r.max,
            r.metric = 'catch' and bool_or(r.metric = 'trigger') over (partition by t.id)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int[]) as r(device_type, metric, pest, kind, chance, mean, max)
     join device_types t on t.name = r.device_type
     left join pests p on p.name = r.pest`,
    [
      readings.map((r) => r.deviceType),
      readings.map((r) => r.metric),
      readings.map((r) => r.pest),
      readings.map((r) => r.kind),
      readings.map((r) => r.chance),
      readings.map((r) => r.mean),
      readings.map((r) => r.max),
    ],
  );

  await tx.exec('create temp table region_activity (region_id integer primary key, weight float8) on commit drop');
  await tx.query(
    `insert into region_activity
     select r.id, coalesce((select a.weight from unnest($1::text[], $2::float8[]) with ordinality as a(pattern, weight, n)
                            where r.name ~ a.pattern order by a.n limit 1), $3)
     from service_regions r where r.level = 2`,
    [REGION_ACTIVITY.map((a) => a.pattern), REGION_ACTIVITY.map((a) => a.weight), OTHER_REGION_WEIGHT],
  );
}
