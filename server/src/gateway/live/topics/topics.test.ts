import { describe, expect, it } from 'vitest';
import type { AlarmRecord, DeviceRow } from '@pest/shared';
import { deviceListTopic } from './device-list.ts';
import { newerThan } from './changes.ts';

const row = (id: number, changes: Partial<DeviceRow> = {}) =>
  ({ id, status: 2, remainingPower: 80, lastCommunicationDate: '2026-11-22 10:00:00', hasUnHandleAlarm: false, deviceName: `d${id}`, ...changes }) as DeviceRow;

describe('device list changes', () => {
  it('sends only rows whose live fields changed', () => {
    const before = { total: 3, rows: [row(1), row(2), row(3)] };
    const after = { total: 3, rows: [row(1), row(2, { status: 1 }), row(3, { lastCommunicationDate: '2026-11-22 10:00:03' })] };
    expect(deviceListTopic.diff(before, after)).toEqual({ rows: [after.rows[1], after.rows[2]] });
  });

  it('sends nothing when nothing a row shows changed', () => {
    const before = { total: 2, rows: [row(1), row(2)] };
    expect(deviceListTopic.diff(before, { total: 2, rows: [row(1), row(2, { remark: 'edited' })] })).toBeNull();
  });

  it('sends the page order and total when a device enters or leaves the page', () => {
    const before = { total: 3, rows: [row(1), row(2)] };
    const after = { total: 2, rows: [row(1), row(3)] };
    expect(deviceListTopic.diff(before, after)).toEqual({ total: 2, rows: [after.rows[1]], ids: [1, 3] });
  });
});

describe('newerThan', () => {
  it('keeps the records that arrived since the previous answer', () => {
    const records = (...ids: number[]) => ids.map((id) => ({ id }) as AlarmRecord);
    expect(newerThan(records(5, 4, 3), records(8, 7, 5, 4)).map((r) => r.id)).toEqual([8, 7]);
    expect(newerThan([], records(2, 1)).map((r) => r.id)).toEqual([2, 1]);
  });
});
