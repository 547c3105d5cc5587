import { describe, expect, it } from 'vitest';
import type { AuditPackStatus } from '@pest/shared';
import { isPackActive, packPercent, packSize, withNewPack, withPackChange } from './auditPackList.ts';

const pack = (id: number, changes: Partial<AuditPackStatus> = {}): AuditPackStatus => ({
  id,
  state: 'running',
  step: '03-服务报告',
  done: 3,
  total: 12,
  customerNames: ['味多美（武清新世界百货店）'],
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  sections: ['cover'],
  createdAt: '2026-11-24 10:00:00',
  finishedAt: null,
  error: null,
  bytes: null,
  downloadUrl: null,
  ...changes,
});

describe('withPackChange', () => {
  it('replaces the packs that changed and keeps the order', () => {
    const { list, complete } = withPackChange([pack(2), pack(1)], { packs: [pack(1, { done: 4 })] });
    expect(complete).toBe(true);
    expect(list.map((one) => [one.id, one.done])).toEqual([
      [2, 3],
      [1, 4],
    ]);
  });
  it('puts a new pack first, and follows a new order when one is sent', () => {
    expect(withPackChange([pack(1)], { packs: [pack(2)] }).list.map((one) => one.id)).toEqual([2, 1]);
    expect(withPackChange([pack(1), pack(2)], { packs: [], ids: [2, 1] }).list.map((one) => one.id)).toEqual([2, 1]);
  });
  it('is incomplete when the order names a pack it has never seen', () => {
    expect(withPackChange([pack(1)], { packs: [], ids: [3, 1] }).complete).toBe(false);
  });
});

describe('the pack as shown', () => {
  it('goes first when new and replaces itself when known', () => {
    expect(withNewPack([pack(1), pack(2)], pack(2, { state: 'cancelled' })).map((one) => [one.id, one.state])).toEqual([
      [2, 'cancelled'],
      [1, 'running'],
    ]);
  });
  it('is active while queued or running', () => {
    expect(['queued', 'running', 'done', 'failed', 'cancelled'].map((state) => isPackActive({ state: state as AuditPackStatus['state'] }))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
  it('counts progress from done/total, whole when done', () => {
    expect(packPercent(pack(1, { done: 3, total: 12 }))).toBe(25);
    expect(packPercent(pack(1, { done: 0, total: 0 }))).toBe(0);
    expect(packPercent(pack(1, { state: 'done', done: 12, total: 12 }))).toBe(100);
  });
  it('reads sizes in KB and MB', () => {
    expect(packSize(null)).toBe('—');
    expect(packSize(812 * 1024)).toBe('812 KB');
    expect(packSize(4.2 * 1024 * 1024)).toBe('4.2 MB');
  });
});
