import { defineEndpoint } from '../api/endpoint.ts';
import {
  CustomerIdQuery,
  FilterPaths,
  MediumIdQuery,
  NamedListResponse,
  ParentIdQuery,
  PointByParamBody,
  PointListResponse,
  RiskTypeQuery,
  ServicePlanListResponse,
  ServiceRegionResponse,
} from '../contract/filters.ts';

const tags = ['filters'];

/** Service plans and what hangs off them: regions, points, risk types. Plan data stays within the caller's scope. */
export const PlanEndpoints = {
  servicePlanList: defineEndpoint({
    method: 'GET',
    path: FilterPaths.servicePlanList,
    input: CustomerIdQuery,
    response: ServicePlanListResponse,
    tags,
    summary: 'Service plans of a store, or of every store below an organisation or group',
    description: '[] when the customer is outside the scope.',
  }),
  serviceRegionList: defineEndpoint({
    method: 'GET',
    path: FilterPaths.serviceRegionList,
    input: MediumIdQuery,
    response: ServiceRegionResponse,
    tags,
    summary: "A service plan's regions, nested (level 1 areas, level 2 sub-areas in subList)",
    description: '[] when the plan is outside the scope.',
  }),
  pointByParam: defineEndpoint({
    method: 'POST',
    path: FilterPaths.pointByParam,
    input: PointByParamBody,
    response: PointListResponse,
    tags,
    summary: "A service plan's points, optionally of the given device types",
    description: '[] when the plan is outside the scope.',
  }),
  riskTypeList: defineEndpoint({
    method: 'GET',
    path: FilterPaths.riskTypeList,
    input: RiskTypeQuery,
    response: NamedListResponse,
    tags,
    summary: "Risk types of a risk group (a service plan's riskId); without id, every risk type by name",
  }),
  riskIssueList: defineEndpoint({
    method: 'GET',
    path: FilterPaths.riskIssueList,
    input: ParentIdQuery,
    response: NamedListResponse,
    tags,
    summary: 'Issue descriptions under a risk type',
  }),
};
