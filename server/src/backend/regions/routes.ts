import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FilterPaths, NamedListResponse, REGION_ROOT_ID, RegionTreeQuery, RegionTreeResponse } from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
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

  app.get(
    underApi(FilterPaths.regionTree),
    {
      schema: {
        tags: ['filters'],
        summary: 'Administrative regions (GB/T 2260) below id, nested',
        description: `Without id, below the root ${REGION_ROOT_ID}: provinces > cities > districts in childList. An unknown id gives [].`,
        querystring: RegionTreeQuery,
        response: { 200: RegionTreeResponse, ...protectedErrors },
      },
    },
    async (request) => ok(regionTree(await regions(), request.query.id ?? REGION_ROOT_ID)),
  );

  app.get(
    underApi(FilterPaths.salesAreaList),
    { schema: { tags: ['filters'], summary: 'Sales areas (大区)', response: { 200: NamedListResponse, ...protectedErrors } } },
    async () => ok(await salesAreas(db)),
  );
};
