import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ServiceConfigEndpoints, ServiceConfigMessages } from '@pest/shared';
import { auditedRemoval, auditedSave } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { requestScope } from '../scope.ts';
import { auditedPlan, auditedPoint, auditedRegion } from './config-audit.ts';
import { planList, pointList } from './config-queries.ts';
import { deletePlan, savePlan, setFloorPlanImage } from './plan-writes.ts';
import { pointLabelData, pointLabelsPdf } from './point-labels-pdf.ts';
import { deletePoint, savePoint } from './point-writes.ts';
import { deleteRegion, saveRegion } from './region-writes.ts';

/** 服务配置: a store's plans, their regions and points, each write checked, versioned and audited. */
export interface ServiceConfigRouteOptions {
  db: Db;
  /** Uploaded floor plans must come from here (the object storage's public base). */
  imageBase: string;
}

export const serviceConfigRoutes: FastifyPluginAsyncTypebox<ServiceConfigRouteOptions> = async (app, { db, imageBase }) => {
  endpointRoute(app, ServiceConfigEndpoints.planList, async (request) => ok(await planList(db, requestScope(request), request.body.customerId)));
  endpointRoute(app, ServiceConfigEndpoints.pointList, async (request) => ok(await pointList(db, requestScope(request), request.body.planId)));

  endpointRoute(app, ServiceConfigEndpoints.pointLabels, async (request, reply) => {
    const labels = await pointLabelData(db, requestScope(request), request.body.planId);
    if (!labels) throw new ApiError(404, ServiceConfigMessages.planNotFound);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`${labels.storeName}-${labels.planName}-点位标签.pdf`))
      .send(pointLabelsPdf(labels));
  });

  endpointRoute(app, ServiceConfigEndpoints.planSave, async (request) => {
    const scope = requestScope(request);
    return ok({ id: (await auditedSave(db, request, auditedPlan(), request.body.id, (tx) => savePlan(tx, scope, request.body))).id });
  });
  endpointRoute(app, ServiceConfigEndpoints.floorPlanImage, async (request) => {
    const scope = requestScope(request);
    await auditedSave(db, request, auditedPlan(), request.body.planId, (tx) => setFloorPlanImage(tx, scope, request.body, imageBase));
    return ok({ id: request.body.planId });
  });
  endpointRoute(app, ServiceConfigEndpoints.regionSave, async (request) => {
    const scope = requestScope(request);
    return ok({ id: (await auditedSave(db, request, auditedRegion(), request.body.id, (tx) => saveRegion(tx, scope, request.body))).id });
  });
  endpointRoute(app, ServiceConfigEndpoints.pointSave, async (request) => {
    const scope = requestScope(request);
    return ok({ id: (await auditedSave(db, request, auditedPoint(), request.body.id, (tx) => savePoint(tx, scope, request.body))).id });
  });

  endpointRoute(app, ServiceConfigEndpoints.planDelete, async (request) => {
    const { id, version } = request.body;
    await auditedRemoval(db, request, auditedPlan(), id, (tx) => deletePlan(tx, requestScope(request), id, version));
    return ok(null);
  });
  endpointRoute(app, ServiceConfigEndpoints.regionDelete, async (request) => {
    const { id, version } = request.body;
    await auditedRemoval(db, request, auditedRegion(), id, (tx) => deleteRegion(tx, requestScope(request), id, version));
    return ok(null);
  });
  endpointRoute(app, ServiceConfigEndpoints.pointDelete, async (request) => {
    const { id, version } = request.body;
    await auditedRemoval(db, request, auditedPoint(), id, (tx) => deletePoint(tx, requestScope(request), id, version));
    return ok(null);
  });
};
