import { ALARM_KIND_SEVERITY, AlarmKind, DeviceKind, GATEWAY_OFFLINE_SEVERITY, type AlarmSeverity } from '@pest/shared';

/**
 * SQL for the severity of an alarm of kind `kind` raised by a device of kind `deviceKind`: the
 * shared rule (alarmSeverity) as a CASE, so set-based writers (the seed) store what it says.
 */
export function sqlAlarmSeverity(kind: string, deviceKind: string): string {
  const byKind = (Object.entries(ALARM_KIND_SEVERITY) as [string, AlarmSeverity | null][])
    .map(([alarmKind, severity]) => `when ${Number(alarmKind)} then ${severity === null ? 'null' : `'${severity}'`}`)
    .join(' ');
  return `(case when ${kind} = ${AlarmKind.offline} and ${deviceKind} = ${DeviceKind.loraGateway} then '${GATEWAY_OFFLINE_SEVERITY}'
               else (case ${kind} ${byKind} end) end)`;
}
