import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ServiceActivityEndpoints } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { serviceActivity } from './service-activity-queries.ts';

/**
 * Today's service activity for the wallboard (this product's extension). Today is the backend's
 * clock's, the one the service scheduler runs on, so a test that moves it sees the day it made.
 */
export const serviceActivityRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  endpointRoute(app, ServiceActivityEndpoints.activity, async (request) => ok(await serviceActivity(db, requestScope(request), new Date(clock.now()))));
};
