import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlarmRecordListBody, AlarmRecordListResponse, AlarmTrendBody, AlarmTrendResponse, DeviceMessages, DevicePaths } from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { alarmCount, alarmRows } from './alarm-queries.ts';
import { alarmTrend, calendarDay } from './alarm-trend.ts';

const tags = ['alarms'];

/** Event and alarm records of the devices in scope, and their trend (device detail, wallboard). */
export const alarmRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    underApi(DevicePaths.alarmList),
    {
      schema: {
        tags,
        summary: 'A page of event and alarm records, newest first',
        description: 'boxId narrows to one device (absent: every device in scope); startDate/endDate are Beijing days, both included.',
        body: AlarmRecordListBody,
        response: { 200: AlarmRecordListResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const { current, size, ...filters } = request.body;
      if (filters.startDate !== undefined && filters.endDate !== undefined && calendarDay(filters.endDate) < calendarDay(filters.startDate)) {
        throw new ApiError(400, DeviceMessages.dateRangeReversed);
      }
      const scope = requestScope(request);
      const [total, records] = await Promise.all([
        alarmCount(db, scope, filters),
        alarmRows(db, scope, filters, { offset: (current - 1) * size, limit: size }),
      ]);
      return ok({ total, records });
    },
  );

  app.post(
    underApi(DevicePaths.alarmTrend),
    {
      schema: {
        tags,
        summary: 'Heartbeats, alarms by kind and triggers per Beijing day (or hour), empty buckets included',
        description: 'At most 366 days by day, 7 days by hour.',
        body: AlarmTrendBody,
        response: { 200: AlarmTrendResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await alarmTrend(db, requestScope(request), request.body)),
  );
};
