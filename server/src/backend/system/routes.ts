import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_TEXTS, SystemEndpoints } from '@pest/shared';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { requestScope } from '../scope.ts';
import { auditLogSheet } from './audit-log-export.ts';
import { auditLog } from './audit-log-queries.ts';

export interface SystemRouteOptions {
  db: Db;
}

/** 系统: the audit log, read in the user's scope. */
export const systemRoutes: FastifyPluginAsyncTypebox<SystemRouteOptions> = async (app, { db }) => {
  endpointRoute(app, SystemEndpoints.auditLogList, async (request) => ok(await auditLog(db, requestScope(request), request.body)));

  endpointRoute(app, SystemEndpoints.auditLogExport, async (request, reply) => {
    const scope = requestScope(request);
    const language = requestLanguage(request);
    return sendXlsx(request, reply, `${AUDIT_TEXTS.sheet[language]}.xlsx`, (output) => auditLogSheet(db, scope, request.body, language, output));
  });
};
