import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CustomerIdQuery,
  FilterPaths,
  RiskTypeQuery,
  MediumIdQuery,
  NamedListResponse,
  ParentIdQuery,
  PointByParamBody,
  PointListResponse,
  ServicePlanListResponse,
  ServiceRegionResponse,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { planPoints, riskIssues, riskTypes, servicePlans, serviceRegions } from './queries.ts';

const tags = ['filters'];

/** Service plans and what hangs off them: regions, points, risk types. Plan data stays within the caller's scope. */
export const planRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    underApi(FilterPaths.servicePlanList),
    {
      schema: {
        tags,
        summary: "Service plans of a store, or of every store below an organisation or group",
        description: '[] when the customer is outside the scope.',
        querystring: CustomerIdQuery,
        response: { 200: ServicePlanListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await servicePlans(db, requestScope(request), request.query.customerId)),
  );

  app.get(
    underApi(FilterPaths.serviceRegionList),
    {
      schema: {
        tags,
        summary: "A service plan's regions, nested (level 1 areas, level 2 sub-areas in subList)",
        description: '[] when the plan is outside the scope.',
        querystring: MediumIdQuery,
        response: { 200: ServiceRegionResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await serviceRegions(db, requestScope(request), request.query.mediumId)),
  );

  app.post(
    underApi(FilterPaths.pointByParam),
    {
      schema: {
        tags,
        summary: "A service plan's points, optionally of the given device types",
        description: '[] when the plan is outside the scope.',
        body: PointByParamBody,
        response: { 200: PointListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await planPoints(db, requestScope(request), request.body.mediumId, request.body.deviceTypeIds)),
  );

  app.get(
    underApi(FilterPaths.riskTypeList),
    {
      schema: {
        tags,
        summary: "Risk types of a risk group (a service plan's riskId); without id, every risk type by name",
        querystring: RiskTypeQuery,
        response: { 200: NamedListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await riskTypes(db, request.query.id)),
  );

  app.get(
    underApi(FilterPaths.riskIssueList),
    {
      schema: {
        tags,
        summary: 'Issue descriptions under a risk type',
        querystring: ParentIdQuery,
        response: { 200: NamedListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await riskIssues(db, request.query.parentId)),
  );
};
