import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeviceTypeBody, DictionaryBody, DictionaryType, FilterPaths, NamedListResponse, PestListType, PestTypeQuery } from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { emptyBodyWhenAbsent } from '../optional-body.ts';
import { protectedErrors } from '../responses.ts';
import { deviceTypesByName, dictionaryEntries, pestsByType } from './queries.ts';

/** Pests, device types and drop-down dictionaries: reference lists, the same for every scope. */
export const catalogRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    underApi(FilterPaths.pestsByType),
    {
      schema: {
        tags: ['filters'],
        summary: `Pests of a type (${PestListType.pest}: pests)`,
        querystring: PestTypeQuery,
        response: { 200: NamedListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await pestsByType(db, request.query.type)),
  );

  app.post(
    underApi(FilterPaths.deviceTypes),
    {
      schema: {
        tags: ['filters'],
        summary: 'Device types whose name contains name; all without it',
        description: 'The body is optional.',
        body: DeviceTypeBody,
        response: { 200: NamedListResponse, ...protectedErrors },
      },
      preValidation: emptyBodyWhenAbsent,
    },
    async (request) => ok(await deviceTypesByName(db, request.body.name)),
  );

  app.post(
    underApi(FilterPaths.dictionaryDownList),
    {
      schema: {
        tags: ['filters'],
        summary: `Drop-down dictionary entries of a type (${DictionaryType.supplier}: device suppliers)`,
        body: DictionaryBody,
        response: { 200: NamedListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await dictionaryEntries(db, request.body.typeId)),
  );
};
