import { AlarmKind } from '@pest/shared';

/**
 * What a row of device_events is. An alarm is anything but the `online` event and a box's row
 * linked to its gateway's offline alarm (gateway_alarm_id set): when a LoRa gateway goes down, its
 * boxes fall silent with it, and one incident must read as one alarm, not dozens. A linked row
 * stays in the box's own history and follows the gateway alarm's state, but it is not counted,
 * listed or pushed as an alarm, and does not set the box's has_unhandled_alarm. Every query that
 * means "alarms" uses this condition, so the rule lives here only.
 */
export const sqlIsAlarm = (alias: string): string => `(${alias}.kind <> ${AlarmKind.online} and ${sqlNotLinked(alias)})`;

/** SQL condition: the row is not linked to a gateway's alarm (an alarm or an `online` event). */
export function sqlNotLinked(alias: string): string {
  return `${alias}.gateway_alarm_id is null`;
}

/** devices.has_unhandled_alarm of the device whose id is the SQL `deviceId`: an alarm of its own not yet handled. */
export const sqlHasUnhandledAlarm = (deviceId: string): string =>
  `exists (select 1 from device_events e where e.device_id = ${deviceId} and not e.handled and ${sqlIsAlarm('e')})`;

/** The gateway's offline alarm names how many boxes went silent with it. */
export function gatewayOfflineContent(linkedBoxes: number): string {
  return linkedBoxes > 0 ? `网关离线，${linkedBoxes} 台设备随之失联` : '网关离线';
}

/** SQL for the same text, for set-based writers (the seed). */
export const sqlGatewayOfflineContent = (linkedBoxes: string): string =>
  `case when ${linkedBoxes} > 0 then '网关离线，' || ${linkedBoxes} || ' 台设备随之失联' else '网关离线' end`;

/** A linked box row's content: the gateway it went silent with (its name, as the device list shows it). */
export const sqlLinkedOfflineContent = (gatewayName: string): string => `'随网关离线：' || ${gatewayName}`;

/** The note a linked row gets when staff handle its gateway's alarm. */
export const sqlLinkedHandlingNote = (gatewayAlarmId: string): string => `'随网关告警 #' || ${gatewayAlarmId} || ' 处理'`;
