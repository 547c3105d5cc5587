import { DeviceModelMessages, DeviceReportEvent, type DecodedReading } from '@pest/shared';

const EVENTS = new Set<string>(Object.values(DeviceReportEvent));

/**
 * A codec's `data` (or a network server's decoded object) as the reading a report records: battery
 * in % (rounded; vendors' codecs often answer 87.5), temperature in ℃ (one decimal), an event. Other
 * fields a vendor's codec answers (humidity, counters) are left out, not refused; a known field
 * with a value out of its range makes the whole reading an error, since half a reading misleads.
 */
export function readDecodedReading(data: unknown): { ok: true; reading: DecodedReading } | { ok: false; error: string } {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, error: DeviceModelMessages.codecBadData };
  const { battery, temperature, event } = data as Record<string, unknown>;
  const reading: DecodedReading = {};
  if (battery !== undefined && battery !== null) {
    if (typeof battery !== 'number' || !Number.isFinite(battery) || battery < 0 || battery > 100) return bad('battery');
    reading.battery = Math.round(battery);
  }
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== 'number' || !Number.isFinite(temperature) || temperature < -60 || temperature > 150) return bad('temperature');
    reading.temperature = Math.round(temperature * 10) / 10;
  }
  if (event !== undefined && event !== null) {
    if (typeof event !== 'string' || !EVENTS.has(event)) return bad('event');
    reading.event = event as DecodedReading['event'];
  }
  return { ok: true, reading };
}

const bad = (field: string) => ({ ok: false as const, error: `${DeviceModelMessages.codecBadData}（${field}）` });
