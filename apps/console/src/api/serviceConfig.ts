import { queryOptions } from '@tanstack/react-query';
import { DeviceEndpoints, PlanEndpoints, ServiceConfigEndpoints } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 服务配置 calls: a store's plans, a plan's regions, points and floor plan; each panel shows its own spinner. */
const OWN_SPINNER = { skipLoading: true } as const;

export const serviceConfigKeys = {
  all: ['serviceConfig'] as const,
  plans: (customerId: number) => [...serviceConfigKeys.all, 'plans', customerId] as const,
  plan: (planId: number) => [...serviceConfigKeys.all, 'plan', planId] as const,
  regions: (planId: number) => [...serviceConfigKeys.plan(planId), 'regions'] as const,
  points: (planId: number) => [...serviceConfigKeys.plan(planId), 'points'] as const,
  floorPlan: (planId: number) => [...serviceConfigKeys.plan(planId), 'floorPlan'] as const,
};

export const serviceConfigQueries = {
  plans: (customerId: number) =>
    queryOptions({
      queryKey: serviceConfigKeys.plans(customerId),
      queryFn: ({ signal }) => call(ServiceConfigEndpoints.planList, { customerId }, { ...OWN_SPINNER, signal }),
      staleTime: StaleTime.list,
    }),
  regions: (planId: number) =>
    queryOptions({
      queryKey: serviceConfigKeys.regions(planId),
      queryFn: ({ signal }) => call(PlanEndpoints.serviceRegionList, { mediumId: planId }, { ...OWN_SPINNER, signal }),
      staleTime: StaleTime.list,
    }),
  points: (planId: number) =>
    queryOptions({
      queryKey: serviceConfigKeys.points(planId),
      queryFn: ({ signal }) => call(ServiceConfigEndpoints.pointList, { planId }, { ...OWN_SPINNER, signal }),
      staleTime: StaleTime.list,
    }),
  floorPlan: (planId: number) =>
    queryOptions({
      queryKey: serviceConfigKeys.floorPlan(planId),
      queryFn: ({ signal }) => call(DeviceEndpoints.planFloorPlan, { planId }, { ...OWN_SPINNER, signal }),
      staleTime: StaleTime.list,
    }),
};
