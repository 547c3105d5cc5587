import { describe, expect, it } from 'vitest';
import { FollowUpType, JobOrderState, PointStatus, RiskGrade, ServiceType, type FieldVisit } from '@pest/shared';
import { draftFor, isClosed, localPhotosOf, shownState, syncBody, unsentCount, type VisitDraft } from './draft.ts';

const visit = (extra: Partial<FieldVisit> = {}): FieldVisit => ({
  id: 9,
  code: 'AP9',
  name: '门店',
  customerName: '客户',
  address: null,
  serviceType: ServiceType.routine,
  state: JobOrderState.planned,
  plannedDate: '2026-12-02',
  timeWindow: '09:00–11:00',
  pointCount: 0,
  alarmCount: 0,
  planName: '计划',
  startedAt: null,
  cancelReason: null,
  regions: [],
  points: [],
  openRisks: [],
  riskTypes: [],
  alarms: [],
  recorded: { checks: [], risks: [], rectifications: [], materials: [] },
  ...extra,
});

const started = (): VisitDraft => ({ ...draftFor(visit()), startedAt: '2026-12-02T01:00:00.000Z', startSent: true });

describe('a visit draft', () => {
  it('starts empty for a planned visit, and from what the server holds for one started before', () => {
    expect(draftFor(visit())).toMatchObject({ startedAt: null, checks: {}, risks: [], materials: [] });
    const resumed = draftFor(
      visit({
        state: JobOrderState.inProgress,
        startedAt: '2026-12-02T01:00:00.000Z',
        recorded: {
          checks: [{ pointId: 5, status: PointStatus.normal, counts: [{ pestId: 2, count: 4 }] }],
          risks: [],
          rectifications: [],
          materials: [{ materialId: 3, regionId: 1, lotNo: 'L1', quantity: 2 }],
        },
      }),
    );
    expect(resumed).toMatchObject({ startSent: true, checks: { 5: { status: PointStatus.normal, counts: { 2: 4 }, rev: 0 } } });
    expect(unsentCount(resumed)).toBe(0);
  });

  it('sends every entry as the contract takes it: no counts for a point not checked, no empty notes or photo lists', () => {
    const draft: VisitDraft = {
      ...started(),
      checks: {
        5: { status: PointStatus.normal, counts: { 2: 4 }, photos: ['local:a'], note: ' 粘板满 ', rev: 1 },
        6: { status: PointStatus.unchecked, counts: { 2: 7 }, photos: [], note: '', rev: 2 },
      },
      risks: [{ key: 'risk-0001', regionId: 1, riskTypeId: 2, issueId: 3, grade: RiskGrade.high, location: '地漏', advice: '', followUpType: FollowUpType.customer, photos: [], rev: 3 }],
      materials: [{ key: 'm1', materialId: 3, regionId: 1, lotNo: 'L1', quantity: 1.5, rev: 4 }],
    };
    expect(syncBody(draft, 'client-0001')).toEqual({
      id: 9,
      clientId: 'client-0001',
      checks: [
        { pointId: 5, status: PointStatus.normal, counts: [{ pestId: 2, count: 4 }], photos: ['local:a'], note: '粘板满' },
        { pointId: 6, status: PointStatus.unchecked, counts: [] },
      ],
      risks: [{ key: 'risk-0001', regionId: 1, riskTypeId: 2, issueId: 3, grade: RiskGrade.high, location: '地漏', advice: '', followUpType: FollowUpType.customer }],
      rectifications: [],
      materials: [{ materialId: 3, regionId: 1, lotNo: 'L1', quantity: 1.5 }],
    });
  });

  it('counts as unsent what changed after the last acknowledged sync, a start and a finish not yet taken', () => {
    const draft: VisitDraft = {
      ...started(),
      startSent: false,
      rev: 4,
      sentRev: 2,
      checks: {
        5: { status: PointStatus.normal, counts: {}, photos: [], note: '', rev: 1 },
        6: { status: PointStatus.damaged, counts: {}, photos: [], note: '', rev: 3 },
      },
      materialsRev: 4,
      finish: { signature: 'local:s', remark: '', at: '2026-12-02T02:00:00.000Z' },
    };
    // The start, point 6, the materials list (a line removed), the finish.
    expect(unsentCount(draft)).toBe(4);
    expect(unsentCount({ ...draft, startSent: true, sentRev: 4, finishSent: true })).toBe(0);
    expect(isClosed(draft)).toBe(true);
    expect(isClosed({ ...draft, finish: null })).toBe(false);
    expect(isClosed({ ...draft, finish: null, serverState: JobOrderState.cancelled })).toBe(true);
  });

  it('knows which of its images are still only on the phone', () => {
    const draft: VisitDraft = {
      ...started(),
      checks: { 5: { status: PointStatus.normal, counts: {}, photos: ['local:a', '/api/oss/u/1/b.jpg'], note: '', rev: 1 } },
      rectifications: [{ riskId: 4, photos: ['local:c'], note: '', rev: 2 }],
      finish: { signature: 'local:s', remark: '', at: '2026-12-02T02:00:00.000Z' },
    };
    expect(localPhotosOf(draft)).toEqual(['local:a', 'local:c', 'local:s']);
  });

  it('shows a visit started or finished on the phone as such before the server knows', () => {
    expect(shownState(undefined, JobOrderState.planned)).toBe(JobOrderState.planned);
    expect(shownState({ ...started(), serverState: JobOrderState.planned }, JobOrderState.planned)).toBe(JobOrderState.inProgress);
    expect(shownState({ ...started(), finish: { signature: 'local:s', remark: '', at: '2026-12-02T02:00:00.000Z' } }, JobOrderState.inProgress)).toBe(JobOrderState.done);
    expect(shownState({ ...started(), serverState: JobOrderState.cancelled }, JobOrderState.planned)).toBe(JobOrderState.cancelled);
  });
});
