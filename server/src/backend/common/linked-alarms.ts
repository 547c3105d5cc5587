import { AlarmKind, type AlarmContent } from '@pest/shared';
import { sqlAlarmContentText } from './alarm-content-sql.ts';

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
export function gatewayOfflineContent(linkedBoxes: number): AlarmContent {
  return linkedBoxes > 0 ? { key: 'gatewayOfflineWithBoxes', params: { boxes: linkedBoxes } } : { key: 'gatewayOffline' };
}

/** SQL setting a row's content columns (migration 253) from a key (`key`, text) and its parameters (`params`, jsonb). */
export const sqlSetContent = (key: string, params: string): string =>
  `content_key = ${key}, content_params = ${params}, content = ${sqlAlarmContentText(key, params)}`;

/** SQL setting a gateway alarm's content columns from the number of its linked boxes, for set-based writers (the seed). */
export const sqlSetGatewayOfflineContent = (linkedBoxes: string): string =>
  sqlSetContent(
    `(case when ${linkedBoxes} > 0 then 'gatewayOfflineWithBoxes' else 'gatewayOffline' end)`,
    `(case when ${linkedBoxes} > 0 then jsonb_build_object('boxes', ${linkedBoxes}) else '{}'::jsonb end)`,
  );

/** SQL of a linked box row's content key and parameters: the gateway it went silent with (its name, as the device list shows it). */
export const sqlLinkedOfflineKey = `'linkedOffline'`;
export const sqlLinkedOfflineParams = (gatewayName: string): string => `jsonb_build_object('gateway', ${gatewayName})`;

/** The note a linked row gets when staff handle its gateway's alarm. */
export const sqlLinkedHandlingNote = (gatewayAlarmId: string): string => `'随网关告警 #' || ${gatewayAlarmId} || ' 处理'`;
