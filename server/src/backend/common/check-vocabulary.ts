import { tableText, type TableTextId, type TextLanguage } from '@pest/shared';

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
/** The words for a condition, by language (shared/src/texts/table-texts.ts). */
export const DEVICE_CONDITION_TEXTS: Record<DeviceCondition, TableTextId> = {
  1: 'conditionIntact',
  2: 'conditionDamaged',
  3: 'conditionMissing',
  4: 'conditionMoved',
};
/** The Chinese words, for the documents written in Chinese only (service reports). */
export const DEVICE_CONDITION_LABELS = Object.fromEntries(
  Object.entries(DEVICE_CONDITION_TEXTS).map(([condition, id]) => [condition, tableText(id, 'zh')]),
) as Record<DeviceCondition, string>;

/** How the trade grades bait eaten: none, a little (up to 30 %), a lot. */
export const BAIT_LEVELS = [
  { upToPercent: 0, text: 'baitNone' },
  { upToPercent: 30, text: 'baitLittle' },
  { upToPercent: 100, text: 'baitMuch' },
] as const satisfies readonly { upToPercent: number; text: TableTextId }[];

/** The grade of a share eaten, in words of `language` (Chinese for the Chinese-only documents). */
export function baitLevel(percent: number, language: TextLanguage = 'zh'): string {
  return tableText(BAIT_LEVELS.find((level) => percent <= level.upToPercent)!.text, language);
}
