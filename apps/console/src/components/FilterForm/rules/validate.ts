import i18n from 'i18next';
import type { FilterFormConfig } from './config.ts';
import { FilterMessages, type FilterMessage } from './messages.ts';
import { buildParams, type FilterParams } from './params.ts';
import { hasOrganisation } from './selectors.ts';
import { CustomerType, StatisticBasis, WorkType, type FilterFormState } from './state.ts';

/** Either the request body, or why nothing may be sent (in the interface language) and how loudly to say it. */
export type QueryCheck =
  { ok: true; params: FilterParams } | { ok: false; level: 'info' | 'warning'; message: string };

type Refusal = Extract<QueryCheck, { ok: false }>;
type Rule = (state: FilterFormState, config: FilterFormConfig) => Refusal | undefined;

const info = (message: FilterMessage): Refusal => ({ ok: false, level: 'info', message: i18n.t(message) });
const warning = (message: FilterMessage): Refusal => ({ ok: false, level: 'warning', message: i18n.t(message) });

const isComplete = (range: FilterFormState['dateRange']): boolean => Boolean(range?.[0] && range[1]);

const organisationRule: Rule = (state, config) =>
  config.requireOrganisation && !hasOrganisation(state) ? info(FilterMessages.organisationRequired) : undefined;

/** The spec names areaIds; a single-select area form gives areaId, which counts the same. */
const customerTypeRule: Rule = (state, config) => {
  if (!config.fields.has('customerType')) return undefined;
  switch (state.customerType) {
    case undefined:
      return info(FilterMessages.customerTypeRequired);
    case CustomerType.customer:
      return hasOrganisation(state) ? undefined : warning(FilterMessages.storeRequiredForCustomerType);
    case CustomerType.region:
      return state.areaId !== undefined || (state.areaIds?.length ?? 0) > 0
        ? undefined
        : info(FilterMessages.areaRequiredForRegionType);
  }
};

/** The risk choice (风险选择) is riskType: by risk type or by specific issue. */
const riskChoiceRule: Rule = (state, config) =>
  config.fields.has('basis') &&
  config.fields.has('riskBasis') &&
  state.type === StatisticBasis.risk &&
  state.riskType === undefined
    ? info(FilterMessages.riskChoiceRequired)
    : undefined;

/** The message names both ranges (对比时间, 服务时间), so each range the form shows must be complete. */
const comparisonTimeRule: Rule = (state, config) => {
  if (!config.fields.has('workType') || state.workType !== WorkType.comparison) return undefined;
  const missing =
    (config.fields.has('comparisonRange') && !isComplete(state.comparisonRange)) ||
    (config.fields.has('dateRange') && !isComplete(state.dateRange));
  return missing ? info(FilterMessages.comparisonTimeRequired) : undefined;
};

/** In the order the spec lists them; the first refusal wins. */
const RULES: readonly Rule[] = [organisationRule, customerTypeRule, riskChoiceRule, comparisonTimeRule];

/** Query: params to send, or the message to show; a refusal carries no params, so nothing is sent. */
export function validateQuery(state: FilterFormState, config: FilterFormConfig): QueryCheck {
  for (const rule of RULES) {
    const refusal = rule(state, config);
    if (refusal) return refusal;
  }
  return { ok: true, params: buildParams(state, config) };
}
