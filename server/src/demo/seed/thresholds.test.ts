import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_TIME_ZONE } from '@pest/shared';
import type { Db } from '../../backend/db/db.ts';
import { openTestDb, testDriver } from '../../backend/db/testing.ts';

/**
 * The default action thresholds against the generated counts: the trend review is meant to single
 * out a few pest/region groups of a store's quarter, not most of them (thresholds.ts says how the
 * figures were chosen). Counted from the raw rows as the trend review counts them: a group is over
 * when one visit's count of that pest in that kind of region exceeds the store's threshold.
 */
describe(`default action thresholds on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  it('put a typical store’s quarter at 10–25 % of its pest/region groups over, and few over half', async () => {
    const shares = await db.query<{ share: number }>(
      `with visits as (
         select j.id, j.customer_id, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY"Q"Q') as quarter
         from job_orders j
         where j.state = 'done' and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between '2025-10-01' and '2026-09-30'
       ),
       counts as (
         select vi.customer_id, vi.quarter, v.job_order_id, v.pest_id, r.region_type, sum(v.value) as n
         from point_check_values v join visits vi on vi.id = v.job_order_id
         join points pt on pt.id = v.point_id join service_regions r on r.id = pt.region_id
         where v.metric = 'catch' group by 1, 2, 3, 4, 5
       ),
       groups as (
         select c.customer_id, c.quarter, c.pest_id, c.region_type,
                bool_or(c.n > (select min(t.max_per_visit) from plan_thresholds t join service_plans sp on sp.id = t.plan_id
                               where sp.customer_id = c.customer_id and t.pest_id = c.pest_id and t.region_type = c.region_type)) as over
         from counts c group by 1, 2, 3, 4
       )
       select avg(over::int)::float8 as share from groups group by customer_id, quarter order by share`,
    );
    expect(shares.length).toBeGreaterThan(20);
    const median = shares[Math.floor(shares.length / 2)]!.share;
    expect(median).toBeGreaterThanOrEqual(0.05);
    expect(median).toBeLessThanOrEqual(0.25);
    expect(shares.filter(({ share }) => share > 0.5).length / shares.length).toBeLessThan(0.1);
  });
});
