import { defineEndpoint } from '../api/endpoint.ts';
import {
  PointDetailListResponse,
  PointListBody,
  PointSaveBody,
  ServiceConfigDeleteBody,
  ServiceConfigDeleteResponse,
  ServiceConfigPaths,
  ServiceConfigSaveResponse,
  ServicePlanDetailListResponse,
  ServicePlanListBody,
  ServicePlanSaveBody,
  ServiceRegionSaveBody,
} from '../contract/service-config.ts';

const tags = ['service configuration'];
const kept = 'A customer\'s manager keeps those of the stores below their organisation. With version, a save over someone else\'s is refused (409).';

/** 服务配置: a store's service plans, their regions and points. */
export const ServiceConfigEndpoints = {
  planList: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.planList,
    input: ServicePlanListBody,
    response: ServicePlanDetailListResponse,
    tags,
    summary: "A store's service plans with their period, visits per month, pests, risk group and counts",
    description: '[] when the store is outside the scope.',
  }),
  planSave: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.planSave,
    input: ServicePlanSaveBody,
    response: ServiceConfigSaveResponse,
    refusals: [404, 409],
    tags,
    summary: 'Add (no id) or edit a service plan of an active store',
    description: `name 1–50 characters; endDate not before startDate; visitsPerMonth 1–31; pestIds of the catalogue. A new plan gets its floor plan (drawn from its regions until an image is uploaded). ${kept}`,
  }),
  planDelete: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.planDelete,
    input: ServiceConfigDeleteBody,
    response: ServiceConfigDeleteResponse,
    refusals: [404, 409],
    tags,
    summary: 'Delete a plan without visits, with its regions and points; a plan with visits is refused with the reason',
  }),
  regionSave: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.regionSave,
    input: ServiceRegionSaveBody,
    response: ServiceConfigSaveResponse,
    refusals: [404, 409],
    tags,
    summary: "Add (no id) or edit a region of a plan's tree (at most three levels); a new parentId moves it",
  }),
  regionDelete: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.regionDelete,
    input: ServiceConfigDeleteBody,
    response: ServiceConfigDeleteResponse,
    refusals: [404, 409],
    tags,
    summary: 'Delete a region without sub-regions, points or records; refused with the reason otherwise',
  }),
  pointList: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.pointList,
    input: PointListBody,
    response: PointDetailListResponse,
    tags,
    summary: "A plan's points by code, with their region, device type, place and device",
    description: '[] when the plan is outside the scope.',
  }),
  pointSave: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.pointSave,
    input: PointSaveBody,
    response: ServiceConfigSaveResponse,
    refusals: [404, 409],
    tags,
    summary: 'Add (no id) or edit a point: its code (unique within the plan), region, device type and place (x, y on the 800×650 floor plan)',
  }),
  pointDelete: defineEndpoint({
    method: 'POST',
    path: ServiceConfigPaths.pointDelete,
    input: ServiceConfigDeleteBody,
    response: ServiceConfigDeleteResponse,
    refusals: [404, 409],
    tags,
    summary: 'Delete a point without checks, risks or a device; refused with the reason otherwise',
  }),
};
