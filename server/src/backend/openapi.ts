import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_BASE } from '@pest/shared';

/** Where the OpenAPI document and its UI are served, with API_DOCS=on. */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * OpenAPI generated from the route schemas, which come from the shared contract. Register before
 * the routes: the document is built from the routes added after it. It is always there in the
 * process (`app.swagger()`, which tests walk); only API_DOCS=on publishes it and its UI, since it
 * maps every route for whoever asks.
 */
export async function registerOpenApi(app: FastifyInstance, { apiDocs }: { apiDocs: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pest control console API (reference backend)', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  if (!apiDocs) return;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, { routePrefix: API_DOCS_BASE });
}
