import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CatalogEndpoints } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { deviceTypesByName, dictionaryEntries, pestsByType } from './queries.ts';

/** Pests, device types and drop-down dictionaries: reference lists, the same for every scope. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, CatalogEndpoints.pestsByType, async (request) => ok(await pestsByType(db, request.query.type)));

  endpointRoute(app, CatalogEndpoints.deviceTypes, async (request) => ok(await deviceTypesByName(db, request.body.name)));

  endpointRoute(app, CatalogEndpoints.dictionaryDownList, async (request) => ok(await dictionaryEntries(db, request.body.typeId)));
};
