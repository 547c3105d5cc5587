import { AlarmEndpoints, type AlarmAcknowledgeBody, type AlarmAssignBody, type AlarmHandleBody, type AlarmStatisticsBody } from '@pest/shared';
import { call } from './http.ts';

/**
 * Alarm operations (issue 16). Each answers how many alarms it changed: ids already in the asked
 * state or outside the user's scope are not counted, so acting twice is harmless. The list itself
 * is fetchAlarmRecords (devices.ts), beside the device calls whose path it shares.
 */
export const acknowledgeAlarms = (body: AlarmAcknowledgeBody) => call(AlarmEndpoints.acknowledge, body);

export const handleAlarms = (body: AlarmHandleBody) => call(AlarmEndpoints.handle, body);

export const assignAlarms = (body: AlarmAssignBody) => call(AlarmEndpoints.assign, body);

export const fetchAlarmStatistics = (body: AlarmStatisticsBody, signal?: AbortSignal) => call(AlarmEndpoints.statistics, body, { skipLoading: true, signal });
