import { AlarmEndpoints, ContentEndpoints, DeviceEndpoints, ServiceActivityEndpoints, SessionEndpoints, type AlarmRecordListBody, type AlarmStatisticsBody, type AlarmTrendBody } from '@pest/shared';
import { call, type Caller } from './http.ts';

/** The calls the board makes, all scoped by the token's user on the server. */
export const boardApi = (caller: Caller) => ({
  user: () => call(caller, SessionEndpoints.userInfo),
  statistics: () => call(caller, DeviceEndpoints.statistics, {}),
  storeStatus: () => call(caller, DeviceEndpoints.storeStatus, {}),
  alarms: (body: AlarmRecordListBody) => call(caller, AlarmEndpoints.list, body),
  alarmStatistics: (body: AlarmStatisticsBody) => call(caller, AlarmEndpoints.statistics, body),
  alarmTrend: (body: AlarmTrendBody) => call(caller, AlarmEndpoints.trend, body),
  serviceActivity: () => call(caller, ServiceActivityEndpoints.activity, {}),
  latestNotice: () => call(caller, ContentEndpoints.latestNotice),
});
