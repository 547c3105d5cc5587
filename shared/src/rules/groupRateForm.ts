import {
  ChartBasis,
  ChartCustomerType,
  ChartMessages,
  ChartRiskBasis,
  ChartWorkType,
  type GroupRiskRateBody,
} from '../contract/charts/index.ts';
import { ApiMessages } from '../contract/api-messages.ts';

/** Screen 8's search form, whichever basis it is sent for. */
export type GroupRateForm = Omit<GroupRiskRateBody, 'type'>;

/**
 * The submit rules of screen 8's search form (console-spec section 5), in the order the form
 * checks them: the message of the first one broken, or null. The console shows it as info and
 * sends nothing; the backend answers it as a 400 to a body that got through anyway.
 */
export function groupRateFormProblem(form: GroupRateForm, basis: ChartBasis): string | null {
  if (form.customerType === undefined) return ChartMessages.customerTypeRequired;
  if (form.customerType === ChartCustomerType.customer && !comparedIds(form).length) return ApiMessages.organisationRequired;
  if (form.customerType === ChartCustomerType.region && !comparedIds(form).length) return ChartMessages.areaRequired;
  if (basis === ChartBasis.risk && !riskChoiceMade(form)) return ChartMessages.riskChoiceRequired;
  if (workTypeOf(form) === ChartWorkType.comparison && !(form.startTime && form.endTime && form.comparisonStartTime && form.comparisonEndTime)) {
    return ChartMessages.comparisonTimeRequired;
  }
  return null;
}

/**
 * What the form compares, in order: the customers (customer type) or sales areas (region type)
 * chosen, the single-choice field's one first; repeats once.
 */
export function comparedIds(form: Pick<GroupRateForm, 'customerType' | 'customerId' | 'customerIds' | 'areaId' | 'areaIds'>): number[] {
  const [one, many] = form.customerType === ChartCustomerType.customer ? [form.customerId, form.customerIds] : [form.areaId, form.areaIds];
  return [...new Set([...(one === undefined ? [] : [one]), ...(many ?? [])])];
}

/** The report type, comparison unless trend is chosen (the form's default, section 3). */
export function workTypeOf(form: { workType?: number }): ChartWorkType {
  return form.workType === ChartWorkType.trend ? ChartWorkType.trend : ChartWorkType.comparison;
}

function riskChoiceMade(form: GroupRateForm): boolean {
  if (form.riskType === ChartRiskBasis.byRiskType) return Boolean(form.riskTypeNames?.length || form.riskTypeIds?.length);
  if (form.riskType === ChartRiskBasis.byIssue) return Boolean(form.issueDescNames?.length);
  return false;
}
