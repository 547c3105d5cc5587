import { describe, expect, it } from 'vitest';
import type { AlarmRecord, AuditPackStatus, DeviceRow } from '@pest/shared';
import { alarmListTopic } from './alarm-list.ts';
import { auditPacksTopic } from './audit-packs.ts';
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

describe('alarm list changes', () => {
  const alarm = (id: number, changes: Partial<AlarmRecord> = {}) => ({ id, state: 'open', assignee: null, repeatCount: 0, ...changes }) as AlarmRecord;
  const counts = { open: 2, acknowledged: 0, handled: 5 };

  it('sends a row whole when any field changed, and the tabs\' counts when they moved', () => {
    const before = { total: 2, rows: [alarm(1), alarm(2)], counts };
    const after = { total: 2, rows: [alarm(1, { repeatCount: 1 }), alarm(2, { state: 'acknowledged' })], counts: { ...counts, open: 1, acknowledged: 1 } };
    expect(alarmListTopic.diff(before, after)).toEqual({ rows: after.rows, counts: after.counts });
  });

  it('sends nothing when nothing changed, and the page order when an alarm left it', () => {
    const before = { total: 2, rows: [alarm(1), alarm(2)], counts };
    expect(alarmListTopic.diff(before, { ...before, rows: [alarm(1), alarm(2)] })).toBeNull();
    expect(alarmListTopic.diff(before, { total: 1, rows: [alarm(2)], counts })).toEqual({ total: 1, rows: [], ids: [2] });
  });
});

describe('newerThan', () => {
  it('keeps the records that arrived since the previous answer', () => {
    const records = (...ids: number[]) => ids.map((id) => ({ id }) as AlarmRecord);
    expect(newerThan(records(5, 4, 3), records(8, 7, 5, 4)).map((r) => r.id)).toEqual([8, 7]);
    expect(newerThan([], records(2, 1)).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('audit pack changes', () => {
  const pack = (id: number, changes: Partial<AuditPackStatus> = {}) => ({ id, state: 'running', step: '03-服务报告', done: 3, total: 10, downloadUrl: null, ...changes }) as AuditPackStatus;

  it('sends a pack whose progress moved, and nothing when none did', () => {
    const before = [pack(2), pack(1, { state: 'done', done: 10 })];
    expect(auditPacksTopic.diff(before, [pack(2, { done: 4 }), before[1]!])).toEqual({ packs: [pack(2, { done: 4 })] });
    expect(auditPacksTopic.diff(before, [pack(2), pack(1, { state: 'done', done: 10 })])).toBeNull();
  });

  it('sends a new pack with the new order', () => {
    const before = [pack(1)];
    expect(auditPacksTopic.diff(before, [pack(2, { state: 'queued', done: 0 }), pack(1)])).toEqual({ packs: [pack(2, { state: 'queued', done: 0 })], ids: [2, 1] });
  });
});
