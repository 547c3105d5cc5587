import type { Queryable } from '../../backend/db/db.ts';
import { PESTS, type RegionType } from './vocabulary.ts';

type ThresholdGroup = 'rodent' | 'cockroach' | 'fly' | 'mosquito' | 'other';

const GROUP_OF: Record<(typeof PESTS)[number], ThresholdGroup> = {
  德国小蠊: 'cockroach', 美洲大蠊: 'cockroach', 澳洲大蠊: 'cockroach',
  褐家鼠: 'rodent', 黄胸鼠: 'rodent', 小家鼠: 'rodent',
  家蝇: 'fly', 果蝇: 'fly', 蛾蠓: 'fly', 麻蝇: 'fly',
  淡色库蚊: 'mosquito', 白纹伊蚊: 'mosquito',
  蚂蚁: 'other', 书虱: 'other', 衣鱼: 'other', 蜘蛛: 'other',
};

/**
 * Counts per visit above which a pest is over threshold, by kind of region. Every plan starts from
 * these; the table is per plan so a customer's own limits can replace them.
 *
 * Calibrated on the generated data, so that the trend review (05-趋势分析) singles out a few
 * pest×region groups instead of most of them: at SEED_SCALE=medium over the four quarters to
 * 2026-09-30, each figure is the 80th percentile, per threshold group and kind of region, of a
 * store's highest count on one visit in a quarter (groups found at least once). A store's quarter
 * then has a median of 12 % of its groups over (a quarter of them 23 % or more, a quarter none;
 * 18 % of all groups), where the first figures (any rodent indoors, 2–5 cockroaches) put 48 % over.
 * Kitchens and the outside see the most, as the generator's region weights say. Rodents follow the
 * same rule, so a kitchen's count goes over at 4 rather than 1: a customer holding to zero tolerance
 * indoors sets its plan's limits to 0. The generator records no catches of the other pests (ants,
 * booklice, silverfish, spiders: seen, not trapped), so theirs stay the first estimates.
 */
export const DEFAULT_ACTION_THRESHOLDS: Record<ThresholdGroup, Record<RegionType, number>> = {
  rodent: { kitchen: 3, storage: 2, front: 2, outside: 2 },
  cockroach: { kitchen: 15, storage: 12, front: 10, outside: 14 },
  fly: { kitchen: 48, storage: 36, front: 30, outside: 42 },
  mosquito: { kitchen: 27, storage: 18, front: 16, outside: 23 },
  other: { kitchen: 5, storage: 5, front: 5, outside: 10 },
};

/** Every plan's thresholds, from the defaults (pest ids are PESTS' positions, one-based). */
export async function seedPlanThresholds(tx: Queryable): Promise<void> {
  const rows = PESTS.flatMap((pest, index) =>
    (Object.entries(DEFAULT_ACTION_THRESHOLDS[GROUP_OF[pest]]) as [RegionType, number][]).map(([type, max]) => [index + 1, type, max] as const),
  );
  await tx.query(
    `insert into plan_thresholds (plan_id, pest_id, region_type, max_per_visit)
     select p.id, t.pest_id, t.region_type, t.max_per_visit
     from service_plans p
     cross join unnest($1::int[], $2::text[], $3::int[]) as t(pest_id, region_type, max_per_visit)
     order by 1, 2, 3`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}
