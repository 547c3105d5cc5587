import { ChartBasis, ChartCustomerType, ChartRiskBasis, ChartWorkType } from '../../contract/charts/index.ts';
import { workTypeOf } from '../groupRateForm.ts';
import type { FilterField, FilterFormConfig } from './config.ts';
import type { FilterParams } from './filterParams.ts';
import { FilterMessages, type FilterRule } from './messages.ts';

/** Whether the form may be sent; a refusal names its rule, the spec's message, and how loudly the form says it. */
export type FilterVerdict =
  | { ok: true }
  | { ok: false; rule: FilterRule; level: 'info' | 'warning'; message: (typeof FilterMessages)[FilterRule] };
type Refusal = Extract<FilterVerdict, { ok: false }>;

/** What a rule reads: the request body, which both the console (before sending) and the server (on receipt) have. */
type Rule = (params: FilterParams, has: (field: FilterField) => boolean, config: FilterFormConfig) => Refusal | undefined;

const refuse = (rule: FilterRule, level: Refusal['level'] = 'info'): Refusal => ({ ok: false, rule, level, message: FilterMessages[rule] });
const some = (list: readonly unknown[] | undefined): boolean => (list?.length ?? 0) > 0;

/** An organisation, group or store chosen, by the single or the multiple selector. */
export function hasOrganisation(form: { customerId?: number; customerIds?: readonly number[] }): boolean {
  return form.customerId !== undefined || some(form.customerIds);
}

const hasArea = (params: FilterParams): boolean => params.areaId !== undefined || some(params.areaIds);

const organisationRule: Rule = (params, _has, config) =>
  config.requireOrganisation && !hasOrganisation(params) ? refuse('organisationRequired') : undefined;

/** The spec names areaIds; a single-select area form gives areaId, which counts the same. */
const customerTypeRule: Rule = (params, has) => {
  if (!has('customerType')) return undefined;
  switch (params.customerType) {
    case undefined:
      return refuse('customerTypeRequired');
    case ChartCustomerType.customer:
      return hasOrganisation(params) ? undefined : refuse('storeRequiredForCustomerType', 'warning');
    case ChartCustomerType.region:
      return hasArea(params) ? undefined : refuse('areaRequiredForRegionType');
  }
};

/**
 * The risk choice (风险选择) is made when it names what to chart: by risk type, risk types (names,
 * or ids whose names are charted); by issue, issue descriptions. A choice naming nothing would
 * chart nothing, so it is refused like no choice.
 */
function riskChoiceMade(params: FilterParams): boolean {
  if (params.riskType === ChartRiskBasis.byRiskType) return some(params.riskTypeNames) || some(params.riskTypeIds);
  if (params.riskType === ChartRiskBasis.byIssue) return some(params.issueDescNames);
  return false;
}

const riskChoiceRule: Rule = (params, has) =>
  has('basis') && has('riskBasis') && params.type === ChartBasis.risk && !riskChoiceMade(params) ? refuse('riskChoiceRequired') : undefined;

/** Both ranges the form shows, complete: the service period and the period it is compared with. */
function comparisonTimesComplete(params: FilterParams, has: (field: FilterField) => boolean): boolean {
  const service = !has('dateRange') || Boolean(params.startTime && params.endTime);
  const compared = !has('comparisonRange') || Boolean(params.comparisonStartTime && params.comparisonEndTime);
  return service && compared;
}

/**
 * A comparison (the report type's default when none is sent) needs what to compare: the two
 * periods (对比时间 and 服务时间), or a time type, whose periods are then compared (the spec:
 * comparison time or time type).
 */
const comparisonTimeRule: Rule = (params, has) => {
  if (!has('workType') || workTypeOf(params) !== ChartWorkType.comparison) return undefined;
  const timeTypeChosen = has('timeType') && params.timeType !== undefined;
  return comparisonTimesComplete(params, has) || timeTypeChosen ? undefined : refuse('comparisonTimeRequired');
};

/** In the order the spec lists them; the first refusal wins. */
const RULES: readonly Rule[] = [organisationRule, customerTypeRule, riskChoiceRule, comparisonTimeRule];

/**
 * The submit rules of the filter form (console-spec section 5) over a request body and its
 * screen's form: the console checks what it is about to send, the server what it received, so
 * both give the same answer. A rule about a field the form does not show does not apply.
 */
export function filterFormVerdict(params: FilterParams, config: FilterFormConfig): FilterVerdict {
  const has = (field: FilterField) => config.fields.has(field);
  for (const rule of RULES) {
    const refusal = rule(params, has, config);
    if (refusal) return refusal;
  }
  return { ok: true };
}
