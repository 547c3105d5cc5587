import { DeviceStatus, batteryLevel, type BatteryLevel } from '@pest/shared';

/** Arco tag colours of the three states, distinct at a glance (console-spec section 4). */
export const STATUS_TAG_COLOR: Record<DeviceStatus, string> = {
  [DeviceStatus.offline]: 'gray',
  [DeviceStatus.online]: 'green',
  [DeviceStatus.fault]: 'red',
};

const BATTERY_COLOR: Record<BatteryLevel, string> = {
  high: 'rgb(var(--green-6))',
  medium: 'rgb(var(--orange-6))',
  low: 'rgb(var(--red-6))',
};

/** The battery icon's level (above 50 high, 31–50 medium, 30 or less low), colour and fill. */
export function batteryLook(percent: number): { level: BatteryLevel; color: string; fill: number } {
  const level = batteryLevel(percent);
  return { level, color: BATTERY_COLOR[level], fill: Math.min(100, Math.max(0, percent)) };
}
