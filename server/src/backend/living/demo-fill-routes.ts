import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoFillPaths, DemoFillStatusResponse, type DemoFillPart } from '@pest/shared';
import { underApi } from '../api-path.ts';
import { ok } from '../envelope.ts';

export interface DemoFillRouteOptions {
  filling(): DemoFillPart[];
}

/** What of the demo data is still being generated: the console says so, test harnesses wait for it. */
export const demoFillRoutes: FastifyPluginAsyncTypebox<DemoFillRouteOptions> = async (app, { filling }) => {
  app.get(
    underApi(DemoFillPaths.status),
    {
      schema: {
        tags: ['demo'],
        summary: 'The parts of the demo data still being generated',
        description: 'A first start answers once the first screens have their data and fills the rest in afterwards; empty when complete. Any signed-in staff account may ask.',
        response: { 200: DemoFillStatusResponse },
      },
    },
    async () => ok({ filling: filling() }),
  );
};
