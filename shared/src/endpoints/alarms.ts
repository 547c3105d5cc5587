import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  AlarmAcknowledgeBody,
  AlarmActionResponse,
  AlarmAssignBody,
  AlarmHandleBody,
  AlarmPaths,
  AlarmRecordListBody,
  AlarmRecordListResponse,
  AlarmStatisticsBody,
  AlarmStatisticsResponse,
  AlarmTrendBody,
  AlarmTrendResponse,
} from '../contract/alarms.ts';
import { DevicePaths } from '../contract/devices.ts';

const tags = ['alarms'];

/**
 * Event and alarm records of the devices in scope, their trend (device detail, wallboard), what
 * staff do with them (acknowledge, handle, assign) and how quickly they do it.
 */
export const AlarmEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: DevicePaths.alarmList,
    input: AlarmRecordListBody,
    response: AlarmRecordListResponse,
    load: 'heavy',
    access: 'display',
    tags,
    summary: 'A page of event and alarm records, newest first',
    description:
      'boxId narrows to one device (absent: every device in scope); startDate/endDate are Beijing days, both included. ' +
      'states, severities, types and customerIds narrow to any of the values given (empty: no narrowing). ' +
      'sort `urgency` lists critical first, unacknowledged before acknowledged, then the oldest. ' +
      "A box that went silent with its LoRa gateway has no alarm of its own but a row linked to the gateway's offline alarm " +
      "(gatewayAlarmId, counted in that alarm's linkedCount): such rows are listed with gatewayAlarmId, and with boxId unless alarmOnly. " +
      'content is written in the Accept-Language (zh, en, es, ja; Chinese by default) from contentKey and contentParams.',
  }),
  trend: defineEndpoint({
    method: 'POST',
    path: DevicePaths.alarmTrend,
    input: AlarmTrendBody,
    response: AlarmTrendResponse,
    load: 'heavy',
    access: 'display',
    tags,
    summary: 'Heartbeats, alarms by kind and triggers per Beijing day (or hour), empty buckets included',
    description: 'At most 366 days by day, 7 days by hour.',
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: AlarmPaths.acknowledge,
    input: AlarmAcknowledgeBody,
    response: AlarmActionResponse,
    permission: Permission.alarmsHandle,
    tags,
    summary: 'Acknowledge open alarms',
    description: 'At most 500 ids. Only open alarms in scope change; returns how many did.',
  }),
  handle: defineEndpoint({
    method: 'POST',
    path: AlarmPaths.handle,
    input: AlarmHandleBody,
    response: AlarmActionResponse,
    permission: Permission.alarmsHandle,
    tags,
    summary: 'Handle alarms, open or acknowledged, with a note and pictures',
    description:
      'At most 500 ids; note 1–500 characters; pictures are uploads of the same user to our object storage (their shown links are accepted). Returns how many changed.',
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: AlarmPaths.assign,
    input: AlarmAssignBody,
    response: AlarmActionResponse,
    permission: Permission.alarmsHandle,
    tags,
    summary: 'Assign alarms not yet handled to someone (null: to nobody)',
    description: 'At most 500 ids; assignee 1–50 characters. Returns how many changed.',
  }),
  statistics: defineEndpoint({
    method: 'POST',
    path: AlarmPaths.statistics,
    input: AlarmStatisticsBody,
    response: AlarmStatisticsResponse,
    load: 'heavy',
    access: 'display',
    tags,
    summary: "Alarms matching the list's filters: counts by state and severity (the list's per-state totals), times to acknowledge and handle",
    description:
      'startDate/endDate are Beijing days, both included, at most 366 days, either absent: open on that side; customerIds narrow to stores or nodes above them, ' +
      'types and severities to those kinds and severities. Times in seconds.',
  }),
};
