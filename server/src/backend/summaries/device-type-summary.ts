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
    { suffix: 'Checked', name: '检查点位数', value: (stats) => stats.checked },
    { suffix: 'Positive', name: '阳性点位数', value: (stats) => stats.positive },
    rateLeaf,
    { suffix: 'Count', name: '捕获/触发合计', value: (stats) => stats.amount },
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
};
