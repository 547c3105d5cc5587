import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { readingText } from './readingText.ts';

// Echoes the key and its values, so the test reads what was asked for, in which order.
const t = ((key: string, values?: { value: unknown }) => (values ? `${key}=${String(values.value)}` : key)) as unknown as TFunction<['connectivity']>;

describe('readingText', () => {
  it('names each field the codec gave, in a fixed order', () => {
    expect(readingText(t, { event: 'heartbeat', temperature: 21.5, battery: 88 })).toBe(
      'connectivity:readingBattery=88connectivity:readingJoinconnectivity:readingTemperature=21.5connectivity:readingJoinconnectivity:readingEvent=connectivity:eventLabel.heartbeat',
    );
  });

  it('says there was no reading when the data has none of its fields', () => {
    expect(readingText(t, {})).toBe('connectivity:noReading');
  });
});
