import { describe, expect, it } from 'vitest';
import { diffRows, isEmptyDiff } from './diff-rows.ts';

const row = (id: number, status: number, remainingPower = 80, remark = '') => ({ id, status, remainingPower, remark });
const fields = ['status', 'remainingPower'] as const;

describe('diffRows', () => {
  it('reports rows whose watched fields changed, and only those', () => {
    const diff = diffRows([row(1, 2), row(2, 2), row(3, 1)], [row(1, 1), row(2, 2, 80, 'new remark'), row(3, 1, 79)], fields);
    expect(diff.changed.map((r) => r.id)).toEqual([1, 3]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
  });
  it('reports added and removed rows', () => {
    const diff = diffRows([row(1, 2), row(2, 2)], [row(2, 2), row(3, 2)], fields);
    expect(diff.added.map((r) => r.id)).toEqual([3]);
    expect(diff.removed).toEqual([1]);
  });
  it('is empty when nothing watched moved', () => {
    expect(isEmptyDiff(diffRows([row(1, 2)], [row(1, 2, 80, 'x')], fields))).toBe(true);
  });
});
