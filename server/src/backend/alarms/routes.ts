import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlarmEndpoints, AlarmMessages, DeviceMessages, OSS_PUBLIC_PATH, alarmContentText, type AlarmRecord, type TextLanguage } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import { isUploadOf } from '../common/upload-owner.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { auditActor } from '../common/audit-log.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { requestScope, type Scope } from '../scope.ts';
import { acknowledgeAlarms, assignAlarms, handleAlarms } from './alarm-actions.ts';
import { alarmCount, alarmRows } from './alarm-queries.ts';
import { alarmStatistics } from './alarm-statistics.ts';
import { alarmTrend, calendarDay } from './alarm-trend.ts';

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

  endpointRoute(app, AlarmEndpoints.list, async (request) => {
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
  });

  endpointRoute(app, AlarmEndpoints.trend, async (request) => ok(await alarmTrend(db, requestScope(request), request.body)));

  endpointRoute(app, AlarmEndpoints.acknowledge, async (request) => ok({ changed: await acknowledgeAlarms(db, requestScope(request), request.body.ids, auditActor(request)) }));

  endpointRoute(app, AlarmEndpoints.handle, async (request) => {
    const pictures = (request.body.pictures ?? []).map(storedImagePath);
    if (pictures.some((url) => !isOurImage(url, imageBase))) throw new ApiError(400, AlarmMessages.pictureNotOurs);
    // A key learnt elsewhere (another user's upload, a provider document) would earn a signed link to it.
    const userId = requestScope(request).userId;
    if (pictures.some((url) => !isUploadOf(url, imageBase, userId))) throw new ApiError(400, AlarmMessages.pictureNotYours);
    return ok({ changed: await handleAlarms(db, requestScope(request), request.body.ids, request.body.note, pictures, auditActor(request)) });
  });

  endpointRoute(app, AlarmEndpoints.assign, async (request) => ok({ changed: await assignAlarms(db, requestScope(request), request.body.ids, request.body.assignee, auditActor(request)) }));

  endpointRoute(app, AlarmEndpoints.statistics, async (request) => ok(await alarmStatistics(db, requestScope(request), request.body, new Date(clock.now()))));
};
