import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  DeviceEditBody,
  DeviceFiltersBody,
  DeviceIdQuery,
  DeviceInfoResponse,
  DeviceListBody,
  DeviceListResponse,
  DeviceMessages,
  DevicePaths,
  DevicePlacementResponse,
  DeviceTemplateResponse,
  ErrorBody,
  MouseBoxStatisticsResponse,
  OSS_PUBLIC_PATH,
  StoreStatusResponse,
  deviceEditProblem,
} from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { underApi } from '../api-path.ts';
import { isOurImage } from '../common/our-image.ts';
import { isUploadOf } from '../common/upload-owner.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { asXlsxDownload } from '../exports/xlsx-download.ts';
import { emptyBodyWhenAbsent } from '../optional-body.ts';
import { privateImage, type ImageAccess } from '../links/image-access.ts';
import { SignedLinkQuery } from '../links/signed-links.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { deviceCount, deviceRows, deviceStatistics, findDevice, storeStatuses, updateDevice } from './device-queries.ts';
import { floorPlanSvg } from './floor-plan-svg.ts';
import { deviceImportTemplate } from './import-template.ts';
import { devicePlacement, findFloorPlan, FLOOR_PLAN_PATH } from './placement.ts';
import { deviceReportRoutes } from './report-route.ts';

const tags = ['devices'];
const TEMPLATE_PATH = DevicePaths.template.replace(/\/[^/]+$/, '/deviceImportTemplate.xlsx');
const FloorPlanParams = Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{32}\\.svg$' }) });

export interface DeviceRouteOptions {
  db: Db;
  /** Uploaded device pictures must come from here (the object storage's public base). */
  imageBase: string;
  images: ImageAccess;
}

/** The device list, detail, placement, edit and statistics (console-spec screens 6 and 7), and the signed device report (report-route.ts). */
export const deviceRoutes: FastifyPluginAsyncTypebox<DeviceRouteOptions> = async (app, { db, imageBase, images }) => {
  app.post(
    underApi(DevicePaths.list),
    {
      schema: {
        tags,
        summary: 'A page of devices in scope, by id',
        description: 'filters.name matches name, code, number or IMEI; customerIds are stores or any node above them; remainingPower means at most.',
        body: DeviceListBody,
        response: { 200: DeviceListResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const { current, size, filters } = request.body;
      const scope = requestScope(request);
      const [total, records] = await Promise.all([
        deviceCount(db, scope, filters),
        deviceRows(db, scope, filters, { offset: (current - 1) * size, limit: size }),
      ]);
      return ok({ total, records });
    },
  );

  const deviceOr404 = async (request: FastifyRequest, id: number) => {
    const device = await findDevice(db, requestScope(request), id);
    if (!device) throw new ApiError(404, DeviceMessages.deviceNotFound);
    return device;
  };
  // A picture in our own object store is private: shown through a link for this user. One
  // elsewhere (a real bucket named by OSS_HOST) is that store's business.
  const shownDevice = async (request: FastifyRequest, id: number) => {
    const device = await deviceOr404(request, id);
    const ours = device.imageUrl?.startsWith(`${OSS_PUBLIC_PATH}/`);
    return ours ? { ...device, imageUrl: images.link(device.imageUrl!, requestScope(request)) } : device;
  };

  app.get(
    underApi(DevicePaths.get),
    {
      schema: {
        tags,
        summary: 'One device with its picture and binding (store, plan, region, point)',
        querystring: DeviceIdQuery,
        response: { 200: DeviceInfoResponse, 404: ErrorBody, ...protectedErrors },
      },
    },
    async (request) => ok(await shownDevice(request, request.query.id)),
  );

  app.put(
    underApi(DevicePaths.edit),
    {
      schema: {
        tags,
        summary: 'Edit a device\'s name, technical support, remark and picture',
        description: 'deviceName 1–50 characters (trimmed), technicalSupport ≤ 50, remark ≤ 200; imageUrl must be a file our object storage serves that this user uploaded, or the picture the device already has; null clears it.',
        body: DeviceEditBody,
        response: { 200: DeviceInfoResponse, 404: ErrorBody, ...protectedErrors },
      },
    },
    async (request) => {
      const { id, deviceName, technicalSupport, remark } = request.body;
      // The console sends back the link it was shown; the path is what is kept.
      const imageUrl = typeof request.body.imageUrl === 'string' ? request.body.imageUrl.split('?', 1)[0]! : request.body.imageUrl;
      const problem = deviceEditProblem({ deviceName, technicalSupport, remark });
      if (problem) throw new ApiError(400, problem);
      if (typeof imageUrl === 'string' && !isOurImage(imageUrl, imageBase)) throw new ApiError(400, DeviceMessages.imageUrlNotOurs);
      const device = await deviceOr404(request, id);
      // A key learnt elsewhere (another user's upload, a provider document) would earn a signed link to it.
      if (typeof imageUrl === 'string' && imageUrl !== device.imageUrl && !isUploadOf(imageUrl, imageBase, requestScope(request).userId)) {
        throw new ApiError(400, DeviceMessages.imageUrlNotYours);
      }
      await updateDevice(db, id, { deviceName, technicalSupport, remark, imageUrl });
      return ok(await shownDevice(request, id));
    },
  );

  app.get(
    underApi(DevicePaths.detail),
    {
      schema: {
        tags,
        summary: 'Where the device is drawn: its plan\'s floor plan (SVG), its point and every point on that plan',
        querystring: DeviceIdQuery,
        response: { 200: DevicePlacementResponse, 404: ErrorBody, ...protectedErrors },
      },
    },
    async (request) => {
      await deviceOr404(request, request.query.id);
      const scope = requestScope(request);
      const placement = await devicePlacement(db, scope, request.query.id);
      if (!placement) throw new ApiError(404, DeviceMessages.placementNotFound);
      return ok({ ...placement, url: images.link(placement.url, scope) });
    },
  );

  app.get(
    `${underApi(FLOOR_PLAN_PATH)}/:file`,
    {
      // Loaded by <img> and canvas without the bearer header: the signed link is the credential.
      config: { public: true },
      schema: {
        tags,
        summary: 'A floor plan (SVG) by the signed link the placement gives',
        params: FloorPlanParams,
        querystring: SignedLinkQuery,
        response: { 200: Type.String(), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        security: [],
      },
    },
    async (request, reply) => {
      const viewer = await images.viewer(`${FLOOR_PLAN_PATH}/${request.params.file}`, request.query);
      const plan = await findFloorPlan(db, request.params.file.slice(0, -'.svg'.length), viewer.scope);
      if (!plan) throw new ApiError(404, DeviceMessages.placementNotFound);
      return privateImage(reply, viewer, 'image/svg+xml; charset=utf-8').send(floorPlanSvg(plan));
    },
  );

  app.get(
    underApi(DevicePaths.template),
    { schema: { tags, summary: 'The URL of the device-import template (xlsx)', response: { 200: DeviceTemplateResponse, ...protectedErrors } } },
    async () => ok(TEMPLATE_PATH),
  );

  app.get(
    underApi(TEMPLATE_PATH),
    {
      // A blank form with no customer data, opened as a plain link.
      config: { public: true },
      schema: { tags, summary: 'The device-import template', security: [] },
    },
    async (_request, reply) =>
      asXlsxDownload(reply, '设备导入模板.xlsx').send(await deviceImportTemplate()),
  );

  app.post(
    underApi(DevicePaths.statistics),
    {
      preValidation: emptyBodyWhenAbsent,
      schema: {
        tags,
        summary: 'Counts of the devices in scope matching the filters: by status, low battery, unhandled alarms, alarms today',
        body: DeviceFiltersBody,
        response: { 200: MouseBoxStatisticsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await deviceStatistics(db, requestScope(request), request.body.filters)),
  );

  app.post(
    underApi(DevicePaths.storeStatus),
    {
      preValidation: emptyBodyWhenAbsent,
      schema: {
        tags,
        summary: 'Per store in scope with matching devices: device counts by status, unhandled alarms, and what needs acting on now (open critical and major alarms, the oldest one, boxes dark behind its gateways)',
        body: DeviceFiltersBody,
        response: { 200: StoreStatusResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await storeStatuses(db, requestScope(request), request.body.filters)),
  );

  // A context of its own: its JSON parser keeps the raw bytes the signature covers.
  await app.register(deviceReportRoutes, { db });
};
