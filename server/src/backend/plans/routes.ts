import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PlanEndpoints } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { planPoints, riskIssues, riskTypes, servicePlans, serviceRegions } from './queries.ts';

/** Service plans and what hangs off them: regions, points, risk types. Plan data stays within the caller's scope. */
export const planRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, PlanEndpoints.servicePlanList, async (request) => ok(await servicePlans(db, requestScope(request), request.query.customerId)));

  endpointRoute(app, PlanEndpoints.serviceRegionList, async (request) => ok(await serviceRegions(db, requestScope(request), request.query.mediumId)));

  endpointRoute(app, PlanEndpoints.pointByParam, async (request) =>
    ok(await planPoints(db, requestScope(request), request.body.mediumId, request.body.deviceTypeIds)),
  );

  endpointRoute(app, PlanEndpoints.riskTypeList, async (request) => ok(await riskTypes(db, request.query.id)));

  endpointRoute(app, PlanEndpoints.riskIssueList, async (request) => ok(await riskIssues(db, request.query.parentId)));
};
