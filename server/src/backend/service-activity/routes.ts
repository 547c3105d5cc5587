import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHINA_TIME_ZONE, ServiceActivityBody, ServiceActivityPaths, ServiceActivityResponse } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { emptyBodyWhenAbsent } from '../optional-body.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { serviceActivity } from './service-activity-queries.ts';

/**
 * Today's service activity for the wallboard (this product's extension). Today is the backend's
 * clock's, the one the service scheduler runs on, so a test that moves it sees the day it made.
 */
export const serviceActivityRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    underApi(ServiceActivityPaths.activity),
    {
      preValidation: emptyBodyWhenAbsent,
      schema: {
        tags: ['service activity'],
        summary: "The service day's job orders in scope (in progress, upcoming, done, all), the week's overdue ones and its five busiest stores",
        description:
          `The service day is today (${CHINA_TIME_ZONE}) when the scope has job orders today, otherwise the latest earlier day with some (\`isToday\` false); \`day\` is null without any job order.`,
        body: ServiceActivityBody,
        response: { 200: ServiceActivityResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await serviceActivity(db, requestScope(request), new Date(clock.now()))),
  );
};
