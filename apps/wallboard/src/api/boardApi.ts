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
import { callApi, type Caller } from './http.ts';

/** The calls the board makes, all scoped by the token's user on the server. */
export const boardApi = (caller: Caller) => ({
  user: () => callApi<UserInfo>(caller, 'GET', SessionPaths.userInfo),
  statistics: () => callApi<MouseBoxStatistics>(caller, 'POST', DevicePaths.statistics, {}),
  storeStatus: () => callApi<StoreStatus[]>(caller, 'POST', DevicePaths.storeStatus, {}),
  alarms: (body: AlarmRecordListBody) => callApi<Page<AlarmRecord>>(caller, 'POST', DevicePaths.alarmList, body),
  alarmStatistics: (body: AlarmStatisticsBody) => callApi<AlarmStatistics>(caller, 'POST', AlarmPaths.statistics, body),
  alarmTrend: (body: AlarmTrendBody) => callApi<AlarmTrend>(caller, 'POST', DevicePaths.alarmTrend, body),
  serviceActivity: () => callApi<ServiceActivity>(caller, 'POST', ServiceActivityPaths.activity, {}),
});
