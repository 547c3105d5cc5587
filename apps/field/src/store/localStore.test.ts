import { describe, expect, it } from 'vitest';
import { FieldMessages, JobOrderState, type FieldVisit } from '@pest/shared';
import { draftFor, type VisitDraft } from './draft.ts';
import { acknowledge } from './localStore.ts';

const draft: VisitDraft = {
  ...draftFor({ id: 9, state: JobOrderState.planned, startedAt: null, recorded: { checks: [], risks: [], rectifications: [], materials: [] } } as unknown as FieldVisit),
  startedAt: '2026-12-02T01:00:00.000Z',
  rev: 5,
  sentRev: 1,
};
const inProgress = { state: JobOrderState.inProgress, notice: null };

describe('a call the server took', () => {
  it('marks the start sent, the entries up to the sync acknowledged, the finish sent', () => {
    expect(acknowledge(draft, { seq: 1, visitId: 9, attempted: true, kind: 'start', body: { id: 9, clientId: 'abcdefgh', at: '2026-12-02T01:00:00.000Z' } }, inProgress)).toMatchObject({
      startSent: true,
      serverState: JobOrderState.inProgress,
    });
    const synced = acknowledge(draft, { seq: 2, visitId: 9, attempted: true, kind: 'sync', upToRev: 4, body: { id: 9, clientId: 'abcdefgi', checks: [] } }, inProgress);
    expect(synced.sentRev).toBe(4);
    // An older sync answering late never moves it back.
    expect(acknowledge(synced, { seq: 1, visitId: 9, attempted: true, kind: 'sync', upToRev: 2, body: { id: 9, clientId: 'abcdefgj', checks: [] } }, inProgress).sentRev).toBe(4);
  });

  it('keeps what the server says to the technician until it is read', () => {
    const notice = FieldMessages.cancelled('客户停业');
    const told = acknowledge(draft, { seq: 2, visitId: 9, attempted: true, kind: 'sync', upToRev: 5, body: { id: 9, clientId: 'abcdefgh', checks: [] } }, { state: JobOrderState.cancelled, notice });
    expect(told).toMatchObject({ serverState: JobOrderState.cancelled, notice });
    expect(acknowledge(told, { seq: 3, visitId: 9, attempted: true, kind: 'sync', upToRev: 5, body: { id: 9, clientId: 'abcdefgk', checks: [] } }, { state: JobOrderState.cancelled, notice: null }).notice).toBe(notice);
  });
});
