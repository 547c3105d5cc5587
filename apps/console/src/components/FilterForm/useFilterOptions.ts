import { useEffect, useState } from 'react';
import type { NamedItem, PointOption, ServicePlan, ServiceRegionNode } from '@pest/shared';
import * as filtersApi from '../../api/filters.ts';
import { runFilterEffect } from './effects.ts';
import { OptionKeys, optionKey } from './options/keyedItems.ts';
import { useKeyedItems } from './options/useKeyedItems.ts';
import {
  RiskBasis,
  type CustomerListQuery,
  type FilterEffect,
  type FilterField,
  type FilterFormConfig,
  type FilterFormState,
} from './rules/index.ts';

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

const WHOLE_LIST = optionKey('all');

/** A list that depends on nothing: loaded once, if the form shows its field. `fetch` is a module-level API call. */
function useStaticList<T>(shown: boolean, fetch: () => Promise<readonly T[]>): readonly T[] {
  const list = useKeyedItems<T>();
  const { load } = list;
  useEffect(() => {
    if (shown) load(WHOLE_LIST, fetch);
  }, [shown, load]);
  return list.itemsFor(WHOLE_LIST);
}

/** Issue descriptions of several risk types, each name once. */
async function fetchIssuesOf(riskTypeIds: readonly number[]): Promise<NamedItem[]> {
  const lists = await Promise.all(riskTypeIds.map((id) => filtersApi.fetchRiskIssues(id)));
  return [...new Map(lists.flat().map((issue) => [issue.name, issue])).values()];
}

/** Every option list the form shows, for its current state. */
export function useFilterOptions(config: FilterFormConfig, state: FilterFormState, lists: EffectLists) {
  const shows = (field: FilterField) => config.fields.has(field);

  const salesAreas = useStaticList(shows('area'), filtersApi.fetchSalesAreas);
  const regionTree = useStaticList(shows('areaCascader'), filtersApi.fetchRegionTree);
  const deviceTypes = useStaticList(shows('deviceType'), filtersApi.fetchDeviceTypes);
  const pests = useStaticList(shows('pests'), filtersApi.fetchPests);

  // Contacts of the chosen sales region, or all of them (a multi-select region does not narrow them).
  const contacts = useKeyedItems<string>();
  const { load: loadContacts } = contacts;
  const { areaId } = state;
  const showsContacts = shows('contacts');
  useEffect(() => {
    if (showsContacts) loadContacts(OptionKeys.contacts(areaId), () => filtersApi.fetchContactNames({ areaId }));
  }, [showsContacts, areaId, loadContacts]);

  const plans = lists.plans.itemsFor(OptionKeys.plans(state.customerId));
  const planRiskId = plans.find((plan) => plan.id === state.servicePlanId)?.riskId;

  // Risk types are those of the chosen plan's risk list; a form without a plan selector (one across
  // several stores) offers every risk type by name.
  const riskTypes = useKeyedItems<NamedItem>();
  const { load: loadRiskTypes } = riskTypes;
  const showsRiskTypes = shows('riskType') || shows('riskBasis');
  const acrossPlans = !shows('plan');
  useEffect(() => {
    if (showsRiskTypes && (planRiskId !== undefined || acrossPlans)) {
      loadRiskTypes(OptionKeys.riskTypes(planRiskId), () => filtersApi.fetchRiskTypes(planRiskId));
    }
  }, [showsRiskTypes, planRiskId, acrossPlans, loadRiskTypes]);
  const riskTypeItems = riskTypes.itemsFor(OptionKeys.riskTypes(planRiskId));

  // Issues of the chosen risk types, or of every listed one while none is chosen.
  const riskIssues = useKeyedItems<NamedItem>();
  const { load: loadRiskIssues } = riskIssues;
  const byIssue = shows('riskBasis') && state.riskType === RiskBasis.byIssue;
  const chosenTypeIds = state.riskTypeIds?.length ? state.riskTypeIds : riskTypeItems.map((type) => type.id);
  const issueTypeIds = byIssue ? chosenTypeIds : [];
  const issuesKey = OptionKeys.riskIssues(issueTypeIds);
  useEffect(() => {
    if (issueTypeIds.length > 0) loadRiskIssues(issuesKey, () => fetchIssuesOf(issueTypeIds));
    // issuesKey stands for issueTypeIds, whose array identity changes on every render.
  }, [issuesKey, loadRiskIssues]);

  return {
    salesAreas,
    regionTree,
    contacts: contacts.itemsFor(OptionKeys.contacts(areaId)),
    plans,
    serviceRegions: lists.serviceRegions.itemsFor(OptionKeys.serviceRegions(state.servicePlanId)),
    riskTypes: riskTypeItems,
    riskIssues: riskIssues.itemsFor(issuesKey),
    deviceTypes,
    points: lists.points.itemsFor(OptionKeys.points(state.servicePlanId, state.deviceTypeIds)),
    pests,
  };
}

export type FilterOptions = ReturnType<typeof useFilterOptions>;
