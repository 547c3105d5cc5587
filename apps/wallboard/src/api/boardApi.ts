import {
  AlarmPaths,
  DevicePaths,
  ServiceActivityPaths,
  SessionPaths,
  type AlarmRecord,
  type AlarmRecordListBody,
  type AlarmStatistics,
  type AlarmStatisticsBody,
  type AlarmTrend,
  type AlarmTrendBody,
  type MouseBoxStatistics,
  type Page,
  type ServiceActivity,
  type StoreStatus,
  type UserInfo,
} from '@pest/shared';
import { callApi } from './http.ts';

/** The calls the board makes, all scoped by the token's user on the server. */
export const boardApi = (token: string) => ({
  user: () => callApi<UserInfo>(token, 'GET', SessionPaths.userInfo),
  statistics: () => callApi<MouseBoxStatistics>(token, 'POST', DevicePaths.statistics, {}),
  storeStatus: () => callApi<StoreStatus[]>(token, 'POST', DevicePaths.storeStatus, {}),
  alarms: (body: AlarmRecordListBody) => callApi<Page<AlarmRecord>>(token, 'POST', DevicePaths.alarmList, body),
  alarmStatistics: (body: AlarmStatisticsBody) => callApi<AlarmStatistics>(token, 'POST', AlarmPaths.statistics, body),
  alarmTrend: (body: AlarmTrendBody) => callApi<AlarmTrend>(token, 'POST', DevicePaths.alarmTrend, body),
  serviceActivity: () => callApi<ServiceActivity>(token, 'POST', ServiceActivityPaths.activity, {}),
});
