import { ChartCustomerType, ChartWorkType } from '../contract/charts/index.ts';

/** The fields of screen 8's search form that say what is compared. */
interface ComparedFields {
  customerType?: number;
  customerId?: number;
  customerIds?: readonly number[];
  areaId?: number;
  areaIds?: readonly number[];
}

/**
 * What screen 8's form compares, in order: the customers (customer type) or sales areas (region
 * type) chosen, the single-choice field's one first; repeats once. Its submit rules are the
 * filter form's (filterForm/verdict.ts).
 */
export function comparedIds(form: ComparedFields): number[] {
  const [one, many] = form.customerType === ChartCustomerType.customer ? [form.customerId, form.customerIds] : [form.areaId, form.areaIds];
  return [...new Set([...(one === undefined ? [] : [one]), ...(many ?? [])])];
}

/** The report type, comparison unless trend is chosen (the form's default, section 3). */
export function workTypeOf(form: { workType?: number }): ChartWorkType {
  return form.workType === ChartWorkType.trend ? ChartWorkType.trend : ChartWorkType.comparison;
}
