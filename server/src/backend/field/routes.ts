import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FieldEndpoints } from '@pest/shared';
import { auditActor } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import type { FieldDoors } from '../common/field-writes.ts';
import { fieldCatalog, fieldVisit, listFieldVisits } from './field-visit-queries.ts';

export interface FieldRouteOptions {
  db: Db;
  now(): Date;
  doors: FieldDoors;
}

/** The field app's door: a technician's own visits, every write idempotent by the phone's client id and audited. */
export const fieldRoutes: FastifyPluginAsyncTypebox<FieldRouteOptions> = async (app, { db, now, doors }) => {
  endpointRoute(app, FieldEndpoints.visits, async (request) => ok(await listFieldVisits(db, requestScope(request).userId, request.query.date)));
  endpointRoute(app, FieldEndpoints.visit, async (request) => ok(await fieldVisit(db, requestScope(request).userId, request.query.id)));
  endpointRoute(app, FieldEndpoints.catalog, async () => ok(await fieldCatalog(db)));
  endpointRoute(app, FieldEndpoints.start, async (request) => ok(await doors.start(auditActor(request), request.body, now())));
  endpointRoute(app, FieldEndpoints.sync, async (request) => ok(await doors.sync(auditActor(request), request.body, now())));
  endpointRoute(app, FieldEndpoints.finish, async (request) => ok(await doors.finish(auditActor(request), request.body, now())));
};
