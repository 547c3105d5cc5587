import { AlarmKind, AlarmSeverity } from '../contract/alarms.ts';
import { DeviceKind } from '../contract/devices.ts';

/**
 * Severity by alarm kind, the one table the server stores with each alarm and the apps may read.
 * A rodent in a box (trigger or capture, kind 5) cannot wait; an offline box, a hot one or one in fault
 * needs a visit soon; a low battery or a maintenance call can be planned. `online` is an event, not an
 * alarm: it has no severity, so severity filters and counts leave it out.
 */
export const ALARM_KIND_SEVERITY: Record<AlarmKind, AlarmSeverity | null> = {
  [AlarmKind.offline]: AlarmSeverity.major,
  [AlarmKind.highTemperature]: AlarmSeverity.major,
  [AlarmKind.lowBattery]: AlarmSeverity.minor,
  [AlarmKind.maintain]: AlarmSeverity.minor,
  [AlarmKind.trigger]: AlarmSeverity.critical,
  [AlarmKind.online]: null,
  // A device in fault watches nothing until it is repaired.
  [AlarmKind.fault]: AlarmSeverity.major,
};

/** A LoRa gateway offline silences every box behind it: critical, whatever the kind's own severity. */
export const GATEWAY_OFFLINE_SEVERITY: AlarmSeverity = AlarmSeverity.critical;

export function alarmSeverity(kind: AlarmKind, deviceKind: DeviceKind | null): AlarmSeverity | null {
  if (kind === AlarmKind.offline && deviceKind === DeviceKind.loraGateway) return GATEWAY_OFFLINE_SEVERITY;
  return ALARM_KIND_SEVERITY[kind];
}
