import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AuditAction, AuditObjectType, DeviceEndpoints, DeviceMessages, DeviceReportHeaders, OSS_PUBLIC_PATH, deviceEditProblem, type DeviceInfo } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { auditActor, auditChanges, auditedSave, recordAudit, type AuditedKind } from '../common/audit-log.ts';
import { lockForEdit } from '../common/edit-version.ts';
import { isOurImage } from '../common/our-image.ts';
import { requestLanguage } from '../common/request-language.ts';
import { isUploadOf } from '../common/upload-owner.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { asXlsxDownload } from '../exports/xlsx-download.ts';
import { privateImage, type ImageAccess } from '../links/image-access.ts';
import { SignedLinkQuery } from '../links/signed-links.ts';
import { FileStream } from '../responses.ts';
import { requestScope, type Scope } from '../scope.ts';
import { deviceCount, deviceRows, deviceStatistics, findDevice, storeStatuses, updateDevice } from './device-queries.ts';
import { floorPlanSvg } from './floor-plan-svg.ts';
import { newDeviceSecret, setDeviceSecret } from './device-secret.ts';
import { deviceImportTemplate, deviceImportTemplateName } from './import-template.ts';
import { devicePlacement, findFloorPlan, FLOOR_PLAN_PATH, planFloorPlan } from './placement.ts';
import { deviceReportRoutes } from './report-route.ts';

/** What a device's editor changes (its picture as the stored path), under its store. */
const auditedDevice = (scope: Scope): AuditedKind<Pick<DeviceInfo, 'deviceName' | 'technicalSupport' | 'remark' | 'imageUrl' | 'customerId'>> => ({
  objectType: AuditObjectType.device,
  async read(tx, id) {
    const device = await findDevice(tx, scope, id);
    return device && { deviceName: device.deviceName, technicalSupport: device.technicalSupport, remark: device.remark, imageUrl: device.imageUrl, customerId: device.customerId };
  },
  ownerOf: (device) => device.customerId,
});

export interface DeviceRouteOptions {
  db: Db;
  /** Uploaded device pictures must come from here (the object storage's public base). */
  imageBase: string;
  images: ImageAccess;
}

/**
 * The device list, detail, placement, edit and statistics (console-spec screens 6 and 7), the files
 * they link to, and the signed device report (report-route.ts).
 */
export const deviceRoutes: FastifyPluginAsyncTypebox<DeviceRouteOptions> = async (app, { db, imageBase, images }) => {
  endpointRoute(app, DeviceEndpoints.list, async (request) => {
    const { current, size, filters } = request.body;
    const scope = requestScope(request);
    const [total, records] = await Promise.all([
      deviceCount(db, scope, filters),
      deviceRows(db, scope, filters, { offset: (current - 1) * size, limit: size }),
    ]);
    return ok({ total, records });
  });

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

  endpointRoute(app, DeviceEndpoints.get, async (request) => ok(await shownDevice(request, request.query.id)));

  endpointRoute(app, DeviceEndpoints.edit, async (request) => {
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
    await auditedSave(db, request, auditedDevice(requestScope(request)), id, async (tx) => {
      await lockForEdit(tx, 'devices', id, request.body.version);
      await updateDevice(tx, id, { deviceName, technicalSupport, remark, imageUrl });
      return id;
    });
    return ok(await shownDevice(request, id));
  });

  endpointRoute(app, DeviceEndpoints.rotateSecret, async (request) => {
    // Whoever may manage devices (devices:manage), within their scope: the one who registered a device may give it a new secret.
    const device = await deviceOr404(request, request.body.id);
    const secret = newDeviceSecret();
    await db.transaction(async (tx) => {
      await setDeviceSecret(tx, device.id, secret);
      await recordAudit(tx, auditActor(request), {
        objectType: AuditObjectType.device,
        objectId: device.id,
        action: AuditAction.update,
        owner: device.customerId,
        changes: auditChanges(null, null, ['secret']),
      });
    });
    return ok({ secret, deviceNo: device.deviceNo, headers: { deviceNo: DeviceReportHeaders.deviceNo, signature: DeviceReportHeaders.signature } });
  });

  endpointRoute(app, DeviceEndpoints.detail, async (request) => {
    await deviceOr404(request, request.query.id);
    const scope = requestScope(request);
    const placement = await devicePlacement(db, scope, request.query.id);
    if (!placement) throw new ApiError(404, DeviceMessages.placementNotFound);
    return ok({ ...placement, url: images.link(placement.url, scope) });
  });

  endpointRoute(app, DeviceEndpoints.planFloorPlan, async (request) => {
    const scope = requestScope(request);
    const plan = await planFloorPlan(db, scope, request.body.planId);
    if (!plan) throw new ApiError(404, DeviceMessages.placementNotFound);
    return ok({ ...plan, url: images.link(plan.url, scope) });
  });

  // The signed link's query is the backend's; the answer is the SVG text.
  endpointRoute(
    app,
    DeviceEndpoints.floorPlan,
    async (request, reply) => {
      // Checked by the endpoint's params schema and SignedLinkQuery.
      const { file } = request.params as { file: string };
      const viewer = await images.viewer(`${FLOOR_PLAN_PATH}/${file}`, request.query as SignedLinkQuery);
      const plan = await findFloorPlan(db, file.slice(0, -'.svg'.length), viewer.scope);
      if (!plan) throw new ApiError(404, DeviceMessages.placementNotFound);
      return privateImage(reply, viewer, 'image/svg+xml; charset=utf-8').send(floorPlanSvg(plan));
    },
    { querystring: SignedLinkQuery, fileAnswer: Type.String() },
  );

  endpointRoute(app, DeviceEndpoints.template, async () => ok(DeviceEndpoints.templateFile.path));

  endpointRoute(
    app,
    DeviceEndpoints.templateFile,
    async (request, reply) => {
      const language = requestLanguage(request);
      return asXlsxDownload(reply, deviceImportTemplateName(language)).send(await deviceImportTemplate(language));
    },
    { fileAnswer: FileStream },
  );

  endpointRoute(app, DeviceEndpoints.statistics, async (request) => ok(await deviceStatistics(db, requestScope(request), request.body.filters)));

  endpointRoute(app, DeviceEndpoints.storeStatus, async (request) => ok(await storeStatuses(db, requestScope(request), request.body.filters)));

  // A context of its own: its JSON parser keeps the raw bytes the signature covers.
  await app.register(deviceReportRoutes, { db });
};
