import { AlarmState, DeviceStatus, LOW_BATTERY_PERCENT, alarmCenterLink, chinaDay, deviceListLink, type MouseBoxStatistics } from '@pest/shared';

export type KpiId = keyof MouseBoxStatistics | 'unacknowledged' | 'ackMedianToday';

/**
 * The console list each KPI tile counts, for the signed-in board: a click opens what the figure
 * is. The median is no list. The console is served at the same origin as the board (the gateway
 * serves both), so the links are paths.
 */
export function kpiLinks(now: Date): Partial<Record<KpiId, string>> {
  const today = chinaDay(now);
  return {
    total: deviceListLink({}),
    online: deviceListLink({ status: DeviceStatus.online }),
    offline: deviceListLink({ status: DeviceStatus.offline }),
    fault: deviceListLink({ status: DeviceStatus.fault }),
    lowBattery: deviceListLink({ remainingPower: LOW_BATTERY_PERCENT }),
    alarmsToday: alarmCenterLink({ tab: 'all', startDate: today, endDate: today }),
    // Not yet handled: the alarm centre opens on its 未确认 tab, 已确认 beside it.
    unhandledAlarm: alarmCenterLink({}),
    unacknowledged: alarmCenterLink({ tab: AlarmState.open }),
  };
}
