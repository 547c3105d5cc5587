import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoFillEndpoints, type DemoFillPart } from '@pest/shared';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';

export interface DemoFillRouteOptions {
  filling(): DemoFillPart[];
}

/** What of the demo data is still being generated: the console says so, test harnesses wait for it. */
export const demoFillRoutes: FastifyPluginAsyncTypebox<DemoFillRouteOptions> = async (app, { filling }) => {
  endpointRoute(app, DemoFillEndpoints.status, async () => ok({ filling: filling() }));
};
