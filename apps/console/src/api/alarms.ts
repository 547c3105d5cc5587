import {
  AlarmPaths,
  type AlarmAcknowledgeBody,
  type AlarmAssignBody,
  type AlarmHandleBody,
  type AlarmStatistics,
  type AlarmStatisticsBody,
} from '@pest/shared';
import { http, underApi } from './http.ts';

/**
 * Alarm operations (issue 16). Each answers how many alarms it changed: ids already in the asked
 * state or outside the user's scope are not counted, so acting twice is harmless. The list itself
 * is fetchAlarmRecords (devices.ts), beside the device calls whose path it shares.
 */
type Changed = { changed: number };

export const acknowledgeAlarms = (body: AlarmAcknowledgeBody) => http.post<Changed>(underApi(AlarmPaths.acknowledge), body);

export const handleAlarms = (body: AlarmHandleBody) => http.post<Changed>(underApi(AlarmPaths.handle), body);

export const assignAlarms = (body: AlarmAssignBody) => http.post<Changed>(underApi(AlarmPaths.assign), body);

export const fetchAlarmStatistics = (body: AlarmStatisticsBody, signal?: AbortSignal) =>
  http.post<AlarmStatistics>(underApi(AlarmPaths.statistics), body, { skipLoading: true, signal });
