import type { Queryable } from '../../backend/db/db.ts';
import { FLOOR_PLAN } from '../../backend/devices/floor-plan-layout.ts';
import { sqlPick } from './hash.ts';

/**
 * One floor plan per service plan with its random URL token, and every point moved inside the
 * room of its sub-area (the domain generator only knew the wing). Positions depend on the point
 * id alone, so running this again changes nothing.
 */
export async function seedFloorPlans(tx: Queryable): Promise<void> {
  await tx.exec(`insert into floor_plans (plan_id, token)
    select id, replace(gen_random_uuid()::text, '-', '') from service_plans order by id`);

  const { width, height, margin, roomPadding } = FLOOR_PLAN;
  await tx.exec(
    `with tops as (
       select id, plan_id, row_number() over (partition by plan_id order by id) - 1 as t, count(*) over (partition by plan_id) as top_count
       from service_regions where level = 1
     ),
     rooms as (
       select r.id, tops.t, tops.top_count,
              row_number() over (partition by r.parent_id order by r.id) - 1 as s, count(*) over (partition by r.parent_id) as room_count
       from service_regions r join tops on tops.id = r.parent_id
     ),
     boxes as (
       select id,
              ${margin} + t * ${width - 2 * margin}.0 / top_count as left_x,
              ${width - 2 * margin}.0 / top_count as room_width,
              ${margin} + s * ${height - 2 * margin}.0 / room_count as top_y,
              ${height - 2 * margin}.0 / room_count as room_height
       from rooms
     )
     update points p
     set x = round(b.left_x + ${roomPadding} + ${sqlPick('floor-point-x', 'p.id', `greatest(1, floor(b.room_width - ${2 * roomPadding})::int)`)}),
         y = round(b.top_y + ${roomPadding} + ${sqlPick('floor-point-y', 'p.id', `greatest(1, floor(b.room_height - ${2 * roomPadding})::int)`)})
     from boxes b
     where b.id = p.region_id`,
  );
}
