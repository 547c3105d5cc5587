import { Metric } from '../common/check-vocabulary.ts';
import { pestCondition } from '../common/summary-filters.ts';
import { rateLeaf, type SummaryKind } from './summary-table.ts';

/**
 * Point checks per store and device type (screen 5): a group per device type checked under the
 * filters with
 *   deviceType{id}Checked   检查点位数     point checks made (a missing device is not checked)
 *   deviceType{id}Positive  阳性点位数     checks that caught something or whose sensor fired
 *   deviceType{id}Rate      阳性率         positive over checked
 *   deviceType{id}Count     捕获/触发合计   catches plus triggers (the sheets' 小计 and 触发次数 cells)
 * Bait eaten is a share, not a count, so it neither adds up nor makes a check positive. With
 * pests asked for, only their catches count; triggers name no pest and always count.
 */
export const deviceTypeSummary: SummaryKind = {
  prefix: 'deviceType',
  leaves: [
    { suffix: 'Checked', text: 'pointsChecked', value: (stats) => stats.checked },
    { suffix: 'Positive', text: 'positivePointCount', value: (stats) => stats.positive },
    rateLeaf,
    { suffix: 'Count', text: 'catchesAndTriggers', value: (stats) => stats.amount },
  ],
  columnsSql: () => 'select t.id, t.name from device_types t where t.id in (select device_type_id from checks) order by t.id',
  statsSql: (filters, params, keys, storeIds) =>
    `select ch.customer_id as "customerId", ch.device_type_id as key, count(*) as checked,
            count(*) filter (where r.amount > 0) as positive, coalesce(sum(r.amount), 0) as amount
     from checks ch
     cross join lateral (
       select sum(v.value) as amount from point_check_values v
       where v.job_order_id = ch.job_order_id and v.point_id = ch.point_id
         and (v.metric = '${Metric.trigger}' or (v.metric = '${Metric.catch}' and ${pestCondition('v', filters, params)}))
     ) r
     where ch.device_type_id = any(${keys})
     group by grouping sets ((ch.customer_id, ch.device_type_id), (ch.device_type_id))
     having grouping(ch.customer_id) = 1 or ch.customer_id = any(${storeIds})`,
  // Without pests asked for, a check's count is all its catch and trigger readings: the roll-up
  // per store, month and device type holds it (migration 170). With pests, only theirs count.
  rollup: {
    answers: (filters) => !filters.petIds?.length,
    // Its counts per device type come per store and month only (service_device_type_months).
    checksAndCatchesOnly: false,
    columnsSql: (_filters, _params, all) =>
      `select t.id, t.name from device_types t
       where t.id in (${all.map((rows) => `select r.device_type_id from ${rows.checks} r where ${rows.where}`).join(' union all ')}) order by t.id`,
    // The page's stores from their own rows, the 合计 from every store's.
    statsSql: (keys, each) =>
      `with checked as (${each(
        (rows) => `select ${rows.customer} as customer_id, r.device_type_id, sum(r.checks) as n from ${rows.checks} r
           where ${rows.where} and r.device_type_id = any(${keys}) group by 1, 2`,
      )}),
       counted as (${each(
         (rows) => `select ${rows.customer} as customer_id, r.device_type_id, sum(r.positive) as positive, sum(r.amount) as amount
           from service_device_type_months r where ${rows.where} and r.device_type_id = any(${keys}) group by 1, 2`,
       )})
       select c.customer_id as "customerId", c.device_type_id as key, c.n as checked, coalesce(p.positive, 0) as positive, coalesce(p.amount, 0) as amount
       from checked c left join counted p on p.customer_id is not distinct from c.customer_id and p.device_type_id = c.device_type_id`,
  },
};
