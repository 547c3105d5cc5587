import {
  ChartBasis,
  ChartCustomerType,
  ChartWorkType,
  Pagination,
  TimeType,
  hasOrganisation,
  initialFilterState,
  type FilterFormConfig,
  type FilterFormState,
} from '@pest/shared';
import type { FieldChange, FilterAction, FilterEffect, FilterTransition } from './actions.ts';
import { selectCustomerListQuery } from './selectors.ts';

/**
 * The form's cascades (console-spec section 4) as a pure transition: the new state, and the
 * effects the page must perform. The page renders `state` and runs `effects`; nothing else.
 */
export function filterReducer(
  state: FilterFormState,
  action: FilterAction,
  config: FilterFormConfig,
): FilterTransition {
  return followCustomerListFilters(state, applyAction(state, action, config), config);
}

function applyAction(state: FilterFormState, action: FilterAction, config: FilterFormConfig): FilterTransition {
  switch (action.type) {
    case 'reset':
      return { state: initialFilterState(config), effects: [{ kind: 'clearResults' }] };
    case 'changeAreaPath': {
      const [provinceId, cityId, districtId] = action.path;
      return { state: { ...state, provinceId, cityId, districtId }, effects: [] };
    }
    case 'change':
      return applyChange(state, action, config);
  }
}

function applyChange(state: FilterFormState, change: FieldChange, config: FilterFormConfig): FilterTransition {
  const next: FilterFormState = { ...state, [change.field]: change.value };
  switch (change.field) {
    case 'customerId':
    case 'customerIds':
      return organisationChosen(next, config);
    case 'customerType':
      return { state: customerTypeChanged(next), effects: [] };
    case 'servicePlanId':
      return { state: next, effects: [...regionsEffect(next, config), ...pointsEffect(next, config)] };
    case 'deviceTypeIds':
      return { state: next, effects: pointsEffect(next, config) };
    case 'type':
      return { state: basisChanged(next), effects: [] };
    case 'workType':
      return {
        state: next.workType === ChartWorkType.comparison ? next : { ...next, comparisonRange: undefined },
        effects: [],
      };
    default:
      return { state: next, effects: [] };
  }
}

/**
 * Plan, plan regions, device types and devices belong to the chosen organisation: whenever it
 * changes or is cleared they are cleared with it.
 */
function withoutOrganisationDependents(state: FilterFormState): FilterFormState {
  return { ...state, servicePlanId: undefined, regionIds: undefined, deviceTypeIds: undefined, pointIds: undefined };
}

function withoutOrganisation(state: FilterFormState): FilterFormState {
  return withoutOrganisationDependents({ ...state, customerId: undefined, customerIds: undefined });
}

function organisationChosen(next: FilterFormState, config: FilterFormConfig): FilterTransition {
  const state = withoutOrganisationDependents(next);
  if (!hasOrganisation(state)) return { state, effects: [] };
  // The spec sets it whenever the form has the field, independently of `defaultTimeType`.
  if (config.fields.has('timeType')) state.timeType = TimeType.byMonth;
  const { customerId } = state;
  const loadPlans = config.loadPlansOnCustomer && customerId !== undefined;
  return { state, effects: loadPlans ? [{ kind: 'loadPlans', customerId }] : [] };
}

/** Region and customer are alternatives: choosing one clears the other's selection. */
function customerTypeChanged(next: FilterFormState): FilterFormState {
  if (next.customerType === ChartCustomerType.region) return withoutOrganisation(next);
  if (next.customerType === ChartCustomerType.customer) return { ...next, areaId: undefined, areaIds: undefined };
  return next;
}

function basisChanged(next: FilterFormState): FilterFormState {
  if (next.type === ChartBasis.pest) {
    return { ...next, riskTypeIds: undefined, riskTypeNames: undefined, issueDescNames: undefined };
  }
  if (next.type === ChartBasis.risk) return { ...next, petIds: undefined };
  return next;
}

function regionsEffect(state: FilterFormState, config: FilterFormConfig): FilterEffect[] {
  if (!config.loadRegionsOnPlan || state.servicePlanId === undefined) return [];
  return [{ kind: 'loadRegions', mediumId: state.servicePlanId }];
}

/** Devices are the plan's points of the chosen device types (all types when none is chosen). */
function pointsEffect(state: FilterFormState, config: FilterFormConfig): FilterEffect[] {
  if (!config.fields.has('device') || state.servicePlanId === undefined) return [];
  return [{ kind: 'loadPoints', mediumId: state.servicePlanId, deviceTypeIds: state.deviceTypeIds ?? [] }];
}

/**
 * The organisation list is searched by region, area and contacts. When any of them changes —
 * through its own control, a customer-type switch or Reset — the chosen organisation may no
 * longer be in the list, so it is cleared, and the list reloads from its first page.
 */
function followCustomerListFilters(
  before: FilterFormState,
  applied: FilterTransition,
  config: FilterFormConfig,
): FilterTransition {
  const query = selectCustomerListQuery(applied.state);
  // Both queries are compacted plain data built in one key order, so their JSON compares them.
  if (JSON.stringify(query) === JSON.stringify(selectCustomerListQuery(before))) return applied;
  const reload: FilterEffect[] = config.fields.has('organisation')
    ? [{ kind: 'reloadCustomerList', page: Pagination.defaultPage, query }]
    : [];
  return { state: withoutOrganisation(applied.state), effects: [...applied.effects, ...reload] };
}
