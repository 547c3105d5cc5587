import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REGION_ROOT_ID, RegionEndpoints } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { loadRegionIndex, regionTree, salesAreas, type RegionIndex } from './queries.ts';

/** Administrative regions and sales areas: reference data, the same for every scope. */
export const regionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  let index: Promise<RegionIndex> | undefined;
  // Loaded at the first request, not at start: a failed load is retried by the next request.
  const regions = () => {
    index ??= loadRegionIndex(db).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    return index;
  };

  endpointRoute(app, RegionEndpoints.regionTree, async (request) => ok(regionTree(await regions(), request.query.id ?? REGION_ROOT_ID)));

  endpointRoute(app, RegionEndpoints.salesAreaList, async () => ok(await salesAreas(db)));
};
