import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SystemEndpoints } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { auditLog } from './audit-log-queries.ts';

export interface SystemRouteOptions {
  db: Db;
}

/** 系统: the audit log, read in the user's scope. */
export const systemRoutes: FastifyPluginAsyncTypebox<SystemRouteOptions> = async (app, { db }) => {
  endpointRoute(app, SystemEndpoints.auditLogList, async (request) => ok(await auditLog(db, requestScope(request), request.body)));
};
