import type { PointOption, ServicePlan, ServiceRegionNode } from '@pest/shared';
import type { fetchPoints, fetchServicePlans, fetchServiceRegions } from '../../api/filters.ts';
import { OptionKeys } from './options/keyedItems.ts';
import type { KeyedLoader } from './options/useKeyedItems.ts';
import type { CustomerListQuery, FilterEffect } from './rules/index.ts';

/** The calls effects make; passed in, so the mapping is checked without a server. */
export interface EffectApi {
  fetchServicePlans: typeof fetchServicePlans;
  fetchServiceRegions: typeof fetchServiceRegions;
  fetchPoints: typeof fetchPoints;
}

/** Where effects land: the form's dependent option lists, its organisation list, and the page. */
export interface EffectTargets {
  plans: KeyedLoader<ServicePlan>;
  serviceRegions: KeyedLoader<ServiceRegionNode>;
  points: KeyedLoader<PointOption>;
  reloadCustomerList(query: CustomerListQuery): void;
  clearResults(): void;
}

/** Performs one effect of the filter reducer (rules/actions.ts). */
export function runFilterEffect(effect: FilterEffect, targets: EffectTargets, api: EffectApi): void {
  switch (effect.kind) {
    case 'loadPlans':
      targets.plans.load(OptionKeys.plans(effect.customerId), () => api.fetchServicePlans(effect.customerId));
      return;
    case 'loadRegions':
      targets.serviceRegions.load(OptionKeys.serviceRegions(effect.mediumId), () =>
        api.fetchServiceRegions(effect.mediumId),
      );
      return;
    case 'loadPoints':
      targets.points.load(OptionKeys.points(effect.mediumId, effect.deviceTypeIds), () =>
        api.fetchPoints({ mediumId: effect.mediumId, deviceTypeIds: [...effect.deviceTypeIds] }),
      );
      return;
    case 'reloadCustomerList':
      // Always from the first page: the reducer says so (effect.page), and the list starts over.
      targets.reloadCustomerList(effect.query);
      return;
    case 'clearResults':
      targets.clearResults();
      return;
  }
}
