import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import { DeviceReportBody, DeviceReportHeaders, DeviceReportResponse } from '../contract/device-report.ts';
import {
  DeviceEditBody,
  DeviceFiltersBody,
  DeviceIdQuery,
  DeviceInfoResponse,
  DeviceListBody,
  DeviceListResponse,
  DevicePaths,
  DevicePlacementResponse,
  PlanFloorPlanBody,
  PlanFloorPlanResponse,
  DeviceSecretBody,
  DeviceSecretResponse,
  DeviceTemplateResponse,
  MouseBoxStatisticsResponse,
  StoreStatusResponse,
} from '../contract/devices.ts';

const tags = ['devices'];

/** Where the placement's signed floor plan links point (placement.ts names them the same way). */
const FLOOR_PLAN = DevicePaths.detail.replace(/\/[^/]+$/, '/floorPlan');

/**
 * The device list, detail, placement, edit and statistics (console-spec screens 6 and 7), the
 * files they link to (floor plan, import template), and the signed device report.
 */
export const DeviceEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: DevicePaths.list,
    input: DeviceListBody,
    response: DeviceListResponse,
    permission: Permission.devicesView,
    tags,
    summary: 'A page of devices in scope, by id',
    description: 'filters.name matches name, code, number or IMEI; customerIds are stores or any node above them; remainingPower means at most.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: DevicePaths.get,
    input: DeviceIdQuery,
    response: DeviceInfoResponse,
    refusals: [404],
    permission: Permission.devicesView,
    tags,
    summary: 'One device with its picture and binding (store, plan, region, point)',
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: DevicePaths.rotateSecret,
    input: DeviceSecretBody,
    response: DeviceSecretResponse,
    refusals: [403, 404],
    permission: Permission.devicesManage,
    tags,
    summary: "A new secret for a device's signed reports, answered this once; provider staff only",
    description: 'The old secret stops working at once. No other answer, log or export ever holds a secret; the audit log records that it changed.',
  }),
  edit: defineEndpoint({
    method: 'PUT',
    path: DevicePaths.edit,
    input: DeviceEditBody,
    response: DeviceInfoResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: "Edit a device's name, technical support, remark and picture",
    description:
      'deviceName 1–50 characters (trimmed), technicalSupport ≤ 50, remark ≤ 200; imageUrl must be a file our object storage serves that this user uploaded, or the picture the device already has; null clears it.',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: DevicePaths.detail,
    input: DeviceIdQuery,
    response: DevicePlacementResponse,
    refusals: [404],
    permission: Permission.devicesView,
    tags,
    summary: "Where the device is drawn: its plan's floor plan (SVG), its point and every point on that plan",
  }),
  planFloorPlan: defineEndpoint({
    method: 'POST',
    path: '/api/admin/web/servicePlan/floorPlan',
    input: PlanFloorPlanBody,
    response: PlanFloorPlanResponse,
    refusals: [404],
    tags,
    summary: "A service plan's floor plan (a signed link) and the texts it prints, for placing its points (服务配置)",
  }),
  /** Loaded by <img> and canvas without the bearer header: the signed link (its query) is the credential. */
  floorPlan: defineEndpoint({
    method: 'GET',
    path: `${FLOOR_PLAN}/:file`,
    params: Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{32}\\.svg$' }) }),
    refusals: [403, 404],
    access: 'public',
    tags,
    summary: 'A floor plan (SVG) by the signed link the placement gives',
  }),
  template: defineEndpoint({
    method: 'GET',
    path: DevicePaths.template,
    response: DeviceTemplateResponse,
    permission: Permission.devicesManage,
    tags,
    summary: 'The URL of the device-import template (xlsx)',
  }),
  /** A blank form with no customer data, opened as a plain link (the URL `template` answers). */
  templateFile: defineEndpoint({
    method: 'GET',
    path: DevicePaths.template.replace(/\/[^/]+$/, '/deviceImportTemplate.xlsx'),
    access: 'public',
    tags,
    summary: 'The device-import template',
  }),
  statistics: defineEndpoint({
    method: 'POST',
    path: DevicePaths.statistics,
    input: DeviceFiltersBody,
    response: MouseBoxStatisticsResponse,
    load: 'heavy',
    access: 'display',
    tags,
    summary: 'Counts of the devices in scope matching the filters: by status, low battery, unhandled alarms, alarms today',
  }),
  storeStatus: defineEndpoint({
    method: 'POST',
    path: DevicePaths.storeStatus,
    input: DeviceFiltersBody,
    response: StoreStatusResponse,
    load: 'heavy',
    access: 'display',
    tags,
    summary:
      'Per store in scope with matching devices: device counts by status, unhandled alarms, and what needs acting on now (open critical and major alarms, the oldest one, boxes dark behind its gateways)',
  }),
  /** Public: the device's signature over the raw body is its credential (401 without a valid one). */
  report: defineEndpoint({
    method: 'POST',
    path: DevicePaths.report,
    input: DeviceReportBody,
    response: DeviceReportResponse,
    refusals: [401, 409],
    access: 'public',
    tags,
    summary: 'A device report (heartbeat, reading, catch, maintenance), signed with the device secret',
    description: `Headers ${DeviceReportHeaders.deviceNo} (the deviceNo) and ${DeviceReportHeaders.signature}: sha256=<hex HMAC-SHA256 of the raw body>.`,
  }),
};
