import type { Queryable } from '../db.ts';
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
 * Counts per visit above which a pest is over threshold, by kind of region: any rodent indoors
 * calls for action, a few outside are expected; fly lights catch many flies before it matters.
 * Every plan starts from these; the table is per plan so a customer's own limits can replace them.
 */
export const DEFAULT_ACTION_THRESHOLDS: Record<ThresholdGroup, Record<RegionType, number>> = {
  rodent: { kitchen: 0, storage: 0, front: 0, outside: 2 },
  cockroach: { kitchen: 5, storage: 3, front: 2, outside: 10 },
  fly: { kitchen: 30, storage: 20, front: 20, outside: 60 },
  mosquito: { kitchen: 10, storage: 10, front: 10, outside: 30 },
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
