import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlarmAcknowledgeBody,
  AlarmActionResponse,
  AlarmAssignBody,
  AlarmHandleBody,
  AlarmMessages,
  AlarmPaths,
  AlarmRecordListBody,
  AlarmRecordListResponse,
  AlarmStatisticsBody,
  AlarmStatisticsResponse,
  AlarmTrendBody,
  AlarmTrendResponse,
  DeviceMessages,
  DevicePaths,
  OSS_PUBLIC_PATH,
  alarmContentText,
  type AlarmRecord,
  type TextLanguage,
} from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import { underApi } from '../api-path.ts';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import { isUploadOf } from '../common/upload-owner.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope, type Scope } from '../scope.ts';
import { acknowledgeAlarms, assignAlarms, handleAlarms } from './alarm-actions.ts';
import { alarmCount, alarmRows } from './alarm-queries.ts';
import { alarmStatistics } from './alarm-statistics.ts';
import { alarmTrend, calendarDay } from './alarm-trend.ts';

const tags = ['alarms'];

export interface AlarmRouteOptions {
  db: Db;
  /** Where our object storage serves uploads: handling photos must be there. */
  imageBase: string;
  images: ImageAccess;
  /** Open alarms' waits are measured on it. */
  clock: Clock;
}

/**
 * Event and alarm records of the devices in scope, their trend (device detail, wallboard), what
 * staff do with them (acknowledge, handle, assign) and how quickly they do it.
 */
export const alarmRoutes: FastifyPluginAsyncTypebox<AlarmRouteOptions> = async (app, { db, imageBase, images, clock }) => {
  // The content in the reader's language; handling photos in our own object store are private: shown through links for this user.
  const shown = (record: AlarmRecord, scope: Scope, language: TextLanguage): AlarmRecord => ({
    ...record,
    content: alarmContentText({ key: record.contentKey, params: record.contentParams }, language),
    pictures: record.pictures.map((url) => (url.startsWith(`${OSS_PUBLIC_PATH}/`) ? images.link(url, scope) : url)),
  });

  app.post(
    underApi(DevicePaths.alarmList),
    {
      schema: {
        tags,
        summary: 'A page of event and alarm records, newest first',
        description:
          'boxId narrows to one device (absent: every device in scope); startDate/endDate are Beijing days, both included. ' +
          'states, severities, types and customerIds narrow to any of the values given (empty: no narrowing). ' +
          'sort `urgency` lists critical first, unacknowledged before acknowledged, then the oldest. ' +
          'A box that went silent with its LoRa gateway has no alarm of its own but a row linked to the gateway\'s offline alarm ' +
          '(gatewayAlarmId, counted in that alarm\'s linkedCount): such rows are listed with gatewayAlarmId, and with boxId unless alarmOnly. ' +
          'content is written in the Accept-Language (zh, en, es, ja; Chinese by default) from contentKey and contentParams.',
        body: AlarmRecordListBody,
        response: { 200: AlarmRecordListResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const { current, size, sort, ...filters } = request.body;
      if (filters.startDate !== undefined && filters.endDate !== undefined && calendarDay(filters.endDate) < calendarDay(filters.startDate)) {
        throw new ApiError(400, DeviceMessages.dateRangeReversed);
      }
      const scope = requestScope(request);
      const [total, records] = await Promise.all([
        alarmCount(db, scope, filters),
        alarmRows(db, scope, filters, { offset: (current - 1) * size, limit: size }, sort),
      ]);
      const language = requestLanguage(request);
      return ok({ total, records: records.map((record) => shown(record, scope, language)) });
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

  app.post(
    underApi(AlarmPaths.acknowledge),
    {
      schema: {
        tags,
        summary: 'Acknowledge open alarms',
        description: 'At most 500 ids. Only open alarms in scope change; returns how many did.',
        body: AlarmAcknowledgeBody,
        response: { 200: AlarmActionResponse, ...protectedErrors },
      },
    },
    async (request) => ok({ changed: await acknowledgeAlarms(db, requestScope(request), request.body.ids) }),
  );

  app.post(
    underApi(AlarmPaths.handle),
    {
      schema: {
        tags,
        summary: 'Handle alarms, open or acknowledged, with a note and pictures',
        description: 'At most 500 ids; note 1–500 characters; pictures are uploads of the same user to our object storage (their shown links are accepted). Returns how many changed.',
        body: AlarmHandleBody,
        response: { 200: AlarmActionResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const pictures = (request.body.pictures ?? []).map(storedImagePath);
      if (pictures.some((url) => !isOurImage(url, imageBase))) throw new ApiError(400, AlarmMessages.pictureNotOurs);
      // A key learnt elsewhere (another user's upload, a provider document) would earn a signed link to it.
      const userId = requestScope(request).userId;
      if (pictures.some((url) => !isUploadOf(url, imageBase, userId))) throw new ApiError(400, AlarmMessages.pictureNotYours);
      return ok({ changed: await handleAlarms(db, requestScope(request), request.body.ids, request.body.note, pictures) });
    },
  );

  app.post(
    underApi(AlarmPaths.assign),
    {
      schema: {
        tags,
        summary: 'Assign alarms not yet handled to someone (null: to nobody)',
        description: 'At most 500 ids; assignee 1–50 characters. Returns how many changed.',
        body: AlarmAssignBody,
        response: { 200: AlarmActionResponse, ...protectedErrors },
      },
    },
    async (request) => ok({ changed: await assignAlarms(db, requestScope(request), request.body.ids, request.body.assignee) }),
  );

  app.post(
    underApi(AlarmPaths.statistics),
    {
      schema: {
        tags,
        summary: 'Alarms matching the list\'s filters: counts by state and severity (the list\'s per-state totals), times to acknowledge and handle',
        description:
          'startDate/endDate are Beijing days, both included, at most 366 days, either absent: open on that side; customerIds narrow to stores or nodes above them, ' +
          'types and severities to those kinds and severities. Times in seconds.',
        body: AlarmStatisticsBody,
        response: { 200: AlarmStatisticsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await alarmStatistics(db, requestScope(request), request.body, new Date(clock.now()))),
  );
};
