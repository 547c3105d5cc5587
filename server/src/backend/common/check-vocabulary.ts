/**
 * The codes point checks are stored with (see migrations/010_job_orders.sql) and the words the
 * point-check sheets and the service reports show for them.
 */

/** point_check_values.metric */
export const Metric = { catch: 'catch', trigger: 'trigger', bait: 'bait' } as const;
export type Metric = (typeof Metric)[keyof typeof Metric];

/** point_checks.condition: the state the technician found the device in. */
export const DeviceCondition = { intact: 1, damaged: 2, missing: 3, moved: 4 } as const;
export type DeviceCondition = (typeof DeviceCondition)[keyof typeof DeviceCondition];
export const DEVICE_CONDITION_LABELS: Record<DeviceCondition, string> = { 1: '完好', 2: '损坏', 3: '丢失', 4: '移位' };

/** How the trade grades bait eaten: none, a little (up to 30 %), a lot. */
export const BAIT_LEVELS = [
  { upToPercent: 0, label: '无' },
  { upToPercent: 30, label: '少量' },
  { upToPercent: 100, label: '大量' },
] as const;

export function baitLevel(percent: number): string {
  return BAIT_LEVELS.find((level) => percent <= level.upToPercent)!.label;
}
