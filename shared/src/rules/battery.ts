/**
 * Battery levels of the device list's battery icon (console-spec section 4): above 50% high,
 * 31–50% medium, 30% and below low. The same threshold counts "low battery" devices.
 */
export const LOW_BATTERY_PERCENT = 30;
/** A rodent box raises a low-battery alarm (电量低于20%) when its battery falls below this. */
export const LOW_BATTERY_ALARM_PERCENT = 20;
const MEDIUM_BATTERY_MAX_PERCENT = 50;

export type BatteryLevel = 'high' | 'medium' | 'low';

export function batteryLevel(percent: number): BatteryLevel {
  if (percent <= LOW_BATTERY_PERCENT) return 'low';
  if (percent <= MEDIUM_BATTERY_MAX_PERCENT) return 'medium';
  return 'high';
}

/** The battery filter's options (section 9): 10% to 100% in steps of 10, meaning "power at most". */
export const BATTERY_FILTER_OPTIONS: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
