import type { TFunction } from 'i18next';
import type { DecodedReading } from '@pest/shared';

/** A decoded reading in one line ("电量 88%，温度 21.5℃，事件 心跳", in the language's own separator); none of its fields: 没有读数. */
export function readingText(t: TFunction<['connectivity']>, reading: DecodedReading): string {
  const parts = [
    reading.battery !== undefined ? t('connectivity:readingBattery', { value: reading.battery }) : null,
    reading.temperature !== undefined ? t('connectivity:readingTemperature', { value: reading.temperature }) : null,
    reading.event !== undefined ? t('connectivity:readingEvent', { value: t(`connectivity:eventLabel.${reading.event}`) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(t('connectivity:readingJoin')) : t('connectivity:noReading');
}
