import { Metric } from '../common/check-vocabulary.ts';
import { pestCondition } from '../common/summary-filters.ts';
import { rateLeaf, type SummaryKind } from './summary-table.ts';

/**
 * Pests found per store (screen 4): a group per pest caught under the filters with
 *   pest{id}Catch     捕获数量  individuals caught (the sum of the sheets' catch cells)
 *   pest{id}Positive  阳性点位  point checks that caught it
 *   pest{id}Rate      阳性率    positive over the checks of device types that can catch it
 * A glue board counts towards the rate of flies, a rodent box does not.
 */
export const pestSummary: SummaryKind = {
  prefix: 'pest',
  leaves: [
    { suffix: 'Catch', text: 'catches', value: (stats) => stats.amount },
    { suffix: 'Positive', text: 'positivePoints', value: (stats) => stats.positive },
    rateLeaf,
  ],
  columnsSql: (filters, params) =>
    `select p.id, p.name from pests p
     where p.id in (select v.pest_id from checks ch
                    join point_check_values v on v.job_order_id = ch.job_order_id and v.point_id = ch.point_id
                    where v.metric = '${Metric.catch}' and ${pestCondition('v', filters, params)})
     order by p.id`,
  statsSql: (_filters, _params, keys, storeIds) =>
    `select ch.customer_id as "customerId", m.pest_id as key, count(*) as checked, count(v.value) as positive, coalesce(sum(v.value), 0) as amount
     from checks ch
     join device_type_metrics m on m.device_type_id = ch.device_type_id and m.metric = '${Metric.catch}' and m.pest_id = any(${keys})
     left join point_check_values v on v.job_order_id = ch.job_order_id and v.point_id = ch.point_id
                                   and v.metric = '${Metric.catch}' and v.pest_id = m.pest_id
     group by grouping sets ((ch.customer_id, m.pest_id), (m.pest_id))
     having grouping(ch.customer_id) = 1 or ch.customer_id = any(${storeIds})`,
  rollup: {
    answers: () => true,
    checksAndCatchesOnly: true,
    columnsSql: (filters, params, all) =>
      `select p.id, p.name from pests p
       where p.id in (${all.map((rows) => `select r.pest_id from ${rows.catches} r where ${rows.where} and ${pestCondition('r', filters, params)}`).join(' union all ')})
       order by p.id`,
    // The page's stores from their own rows, the 合计 from every store's (or organisation's) rows;
    // a store's months and days are separate rows, added up here. Summed per device type first and
    // only then spread over the pests each type can catch: the fleet's year is ~25,000 rows.
    statsSql: (keys, each) =>
      `with checked as (
         select s.customer_id, m.pest_id, sum(s.n) as n from (${each(
           (rows) => `select ${rows.customer} as customer_id, r.device_type_id, sum(r.checks) as n from ${rows.checks} r where ${rows.where} group by 1, 2`,
         )}) s
         join device_type_metrics m on m.device_type_id = s.device_type_id and m.metric = '${Metric.catch}' and m.pest_id = any(${keys})
         group by 1, 2
       ),
       caught as (
         select s.customer_id, s.pest_id, sum(s.positive) as positive, sum(s.amount) as amount from (${each(
           (rows) => `select ${rows.customer} as customer_id, r.device_type_id, r.pest_id, sum(r.positive) as positive, sum(r.caught) as amount
             from ${rows.catches} r where ${rows.where} and r.pest_id = any(${keys}) group by 1, 2, 3`,
         )}) s
         join device_type_metrics m on m.device_type_id = s.device_type_id and m.metric = '${Metric.catch}' and m.pest_id = s.pest_id
         group by 1, 2
       )
       select c.customer_id as "customerId", c.pest_id as key, c.n as checked, coalesce(p.positive, 0) as positive, coalesce(p.amount, 0) as amount
       from checked c left join caught p on p.customer_id is not distinct from c.customer_id and p.pest_id = c.pest_id`,
  },
};
