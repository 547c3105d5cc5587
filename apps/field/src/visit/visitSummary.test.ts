import { describe, expect, it } from 'vitest';
import { JobOrderState, PointStatus, type FieldPoint, type FieldVisit } from '@pest/shared';
import { draftFor } from '../store/draft.ts';
import { visitSummary } from './visitSummary.ts';

const point = (id: number, pests: { id: number; name: string }[]): FieldPoint => ({ id, code: `P${id}`, regionId: 1, regionName: '后厨', deviceTypeName: '粘鼠板', pests, lastCheck: null, device: null });
const rat = { id: 1, name: '鼠' };
const fly = { id: 2, name: '蝇' };

describe('the finish screen’s summary', () => {
  it('counts the points checked and the catch by pest, leaving out points not checked', () => {
    const visit = { id: 3, state: JobOrderState.inProgress, startedAt: null, points: [point(1, [rat]), point(2, [rat, fly]), point(3, [rat]), point(4, [rat])], recorded: { checks: [], risks: [], rectifications: [], materials: [] } } as unknown as FieldVisit;
    const draft = {
      ...draftFor(visit),
      checks: {
        1: { status: PointStatus.normal, counts: { 1: 3 }, photos: [], note: '', rev: 1 },
        2: { status: PointStatus.damaged, counts: { 1: 1, 2: 5 }, photos: [], note: '', rev: 2 },
        3: { status: PointStatus.unchecked, counts: { 1: 9 }, photos: [], note: '', rev: 3 },
      },
    };
    expect(visitSummary(visit, draft)).toEqual({ checked: 3, total: 4, pests: [{ ...rat, count: 4 }, { ...fly, count: 5 }], risks: 0, rectified: 0, materials: 0 });
  });
});
