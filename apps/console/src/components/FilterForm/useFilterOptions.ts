import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ChartRiskBasis,
  type FilterField,
  type FilterFormConfig,
  type FilterFormState,
  type PointOption,
  type ServicePlan,
  type ServiceRegionNode,
} from '@pest/shared';
import { filterQueries } from '../../api/filterQueries.ts';
import * as filtersApi from '../../api/filters.ts';
import { runFilterEffect } from './effects.ts';
import { OptionKeys } from './options/keyedItems.ts';
import { useKeyedItems } from './options/useKeyedItems.ts';
import type { CustomerListQuery, FilterEffect } from './rules/index.ts';

/** Asks the organisation selector to list again from its first page; `generation` counts the asks. */
export interface CustomerListRequest {
  query: CustomerListQuery;
  generation: number;
}

/**
 * The lists the reducer's effects load, and the runner that performs the effects. Apart from the
 * other lists because the reducer needs the runner before the form has a state.
 */
export function useEffectLists(onReset: () => void) {
  const plans = useKeyedItems<ServicePlan>();
  const serviceRegions = useKeyedItems<ServiceRegionNode>();
  const points = useKeyedItems<PointOption>();
  // The form opens without region, area or contact filters.
  const [customerList, setCustomerList] = useState<CustomerListRequest>({ query: {}, generation: 0 });

  const runEffect = (effect: FilterEffect) =>
    runFilterEffect(
      effect,
      {
        plans,
        serviceRegions,
        points,
        reloadCustomerList: (query) => setCustomerList((previous) => ({ query, generation: previous.generation + 1 })),
        clearResults: onReset,
      },
      filtersApi,
    );
  return { plans, serviceRegions, points, customerList, runEffect };
}

type EffectLists = ReturnType<typeof useEffectLists>;

/** A list still loading, or one that failed (console-spec section 8: shown empty, no toast). */
const NONE: readonly never[] = [];

/** Every option list the form shows, for its current state. */
export function useFilterOptions(config: FilterFormConfig, state: FilterFormState, lists: EffectLists) {
  const shows = (field: FilterField) => config.fields.has(field);

  // Reference lists, shared by every screen's form through the cache; each only if its field shows.
  const salesAreas = useQuery({ ...filterQueries.salesAreas(), enabled: shows('area') }).data ?? NONE;
  const regionTree = useQuery({ ...filterQueries.regionTree(), enabled: shows('areaCascader') }).data ?? NONE;
  const deviceTypes = useQuery({ ...filterQueries.deviceTypes(), enabled: shows('deviceType') }).data ?? NONE;
  const pests = useQuery({ ...filterQueries.pests(), enabled: shows('pests') }).data ?? NONE;

  // Contacts of the chosen sales region, or all of them (a multi-select region does not narrow them).
  const { areaId } = state;
  const contacts = useQuery({ ...filterQueries.contacts(areaId), enabled: shows('contacts') }).data ?? NONE;

  const plans = lists.plans.itemsFor(OptionKeys.plans(state.customerId));
  const planRiskId = plans.find((plan) => plan.id === state.servicePlanId)?.riskId;

  // Risk types are those of the chosen plan's risk list; a form without a plan selector (one across
  // several stores) offers every risk type by name.
  const showsRiskTypes = shows('riskType') || shows('riskBasis');
  const acrossPlans = !shows('plan');
  const riskTypeItems =
    useQuery({ ...filterQueries.riskTypes(planRiskId), enabled: showsRiskTypes && (planRiskId !== undefined || acrossPlans) }).data ?? NONE;

  // Issues of the chosen risk types, or of every listed one while none is chosen.
  const byIssue = shows('riskBasis') && state.riskType === ChartRiskBasis.byIssue;
  const chosenTypeIds = state.riskTypeIds?.length ? state.riskTypeIds : riskTypeItems.map((type) => type.id);
  const riskIssues = useQuery(filterQueries.riskIssues(byIssue ? chosenTypeIds : [])).data ?? NONE;

  return {
    salesAreas,
    regionTree,
    contacts,
    plans,
    serviceRegions: lists.serviceRegions.itemsFor(OptionKeys.serviceRegions(state.servicePlanId)),
    riskTypes: riskTypeItems,
    riskIssues,
    deviceTypes,
    points: lists.points.itemsFor(OptionKeys.points(state.servicePlanId, state.deviceTypeIds)),
    pests,
  };
}

export type FilterOptions = ReturnType<typeof useFilterOptions>;
