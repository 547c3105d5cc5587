import { describe, expect, it } from 'vitest';
import { JobOrderState, PointStatus, type FieldSyncBody, type FieldWriteAnswer } from '@pest/shared';
import type { CallResult } from '../api/fieldCall.ts';
import { drainOutbox, queueCall, queueSync, retryDelayMs, type OutboxCall, type OutboxItem, type OutboxStore } from './outbox.ts';

/** The queue in memory, as IndexedDB keeps it. */
function memoryStore() {
  const queue = new Map<number, OutboxItem>();
  const images = new Map<string, Blob>();
  const uploads = new Map<string, string>();
  const blocked = new Map<number, string>();
  const answers: { seq: number; answer: FieldWriteAnswer }[] = [];
  let next = 1;
  const store: OutboxStore = {
    items: async () => [...queue.values()].sort((a, b) => a.seq - b.seq),
    append: async (item) => {
      const seq = next++;
      queue.set(seq, { ...item, seq } as OutboxItem);
    },
    replaceUnsent: async (seq, change) => {
      const item = queue.get(seq);
      if (!item || item.attempted) return false;
      queue.set(seq, change(item));
      return true;
    },
    markAttempted: async (seq) => {
      const item = queue.get(seq);
      if (item) queue.set(seq, { ...item, attempted: true });
      return queue.get(seq);
    },
    remove: async (seq) => {
      queue.delete(seq);
    },
    image: async (ref) => images.get(ref),
    uploadedUrl: async (ref) => uploads.get(ref),
    keepUploadedUrl: async (ref, url) => {
      uploads.set(ref, url);
    },
    blockedVisits: async () => new Set(blocked.keys()),
    block: async (visitId, reason) => {
      blocked.set(visitId, reason);
    },
    acknowledged: async (item, answer) => {
      answers.push({ seq: item.seq, answer });
    },
  };
  return { store, queue, images, uploads, blocked, answers };
}

const AT = '2026-12-02T09:00:00.000+08:00';
const ok: CallResult<FieldWriteAnswer> = { kind: 'ok', data: { state: JobOrderState.inProgress, notice: null } };
let ids = 0;
const newId = () => `client-${String(++ids).padStart(4, '0')}`;

function sync(visitId: number, photos: string[] = [], count = 1) {
  return (clientId: string): FieldSyncBody => ({ id: visitId, clientId, checks: [{ pointId: 11, status: PointStatus.normal, counts: [{ pestId: 1, count }], photos }] });
}

/** A server that answers from a script, in turn, and records what it was sent. */
function server(...answers: CallResult<FieldWriteAnswer>[]) {
  const sent: OutboxCall[] = [];
  let inFlight = 0;
  const send = async (call: OutboxCall) => {
    inFlight += 1;
    expect(inFlight).toBe(1);
    sent.push(call);
    await Promise.resolve();
    inFlight -= 1;
    return answers.shift() ?? ok;
  };
  return { send, sent };
}

const noUploads = async (): Promise<CallResult<string>> => {
  throw new Error('nothing to upload');
};

describe('the outbox', () => {
  it('sends start, syncs and finish one at a time in the order they were queued', async () => {
    const { store, queue, answers } = memoryStore();
    await queueCall(store, 7, { kind: 'start', body: { id: 7, clientId: newId(), at: AT } });
    await queueSync(store, 7, 1, sync(7), newId);
    await queueCall(store, 8, { kind: 'start', body: { id: 8, clientId: newId(), at: AT } });
    await queueCall(store, 7, { kind: 'finish', body: { id: 7, clientId: newId(), signature: '/api/oss/u/1/sig.png', at: AT } });
    const { send, sent } = server();

    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(sent.map((call) => `${call.kind}:${call.body.id}`)).toEqual(['start:7', 'sync:7', 'start:8', 'finish:7']);
    expect(queue.size).toBe(0);
    expect(answers).toHaveLength(4);
  });

  it('folds edits made before a sync went into that sync, and starts a new one after it went', async () => {
    const { store } = memoryStore();
    await queueSync(store, 7, 1, sync(7, [], 1), newId);
    await queueSync(store, 7, 2, sync(7, [], 2), newId);
    const first = (await store.items())[0]!;
    expect(await store.items()).toHaveLength(1);
    expect(first).toMatchObject({ kind: 'sync', upToRev: 2 });

    const { send, sent } = server({ kind: 'failed', message: 'offline' });
    expect(await drainOutbox(store, send, noUploads)).toBe('retry');
    // Sent once, maybe taken: a later edit cannot change it any more.
    await queueSync(store, 7, 3, sync(7, [], 3), newId);
    expect(await store.items()).toHaveLength(2);
    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    // The one tried is not sent again: the newer one behind it says all it said.
    const counts = sent.map((call) => (call.kind === 'sync' ? call.body.checks[0]!.counts[0]!.count : null));
    expect(counts).toEqual([2, 3]);
  });

  it('drops a sync that a later one replaces, even one refused, so corrected entries get through', async () => {
    const { store, blocked } = memoryStore();
    await queueSync(store, 7, 1, sync(7, [], 1), newId);
    const { send, sent } = server({ kind: 'refused', message: '该点位不统计此虫害', httpStatus: 400 });
    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(blocked.has(7)).toBe(true);
    // The technician corrects the entry and retries.
    await queueSync(store, 7, 2, sync(7, [], 2), newId);
    blocked.delete(7);
    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(sent.map((call) => (call.kind === 'sync' ? call.body.checks[0]!.counts[0]!.count : null))).toEqual([1, 2]);
    expect(await store.items()).toEqual([]);
  });

  it('sends a call again with the clientId it was queued with', async () => {
    const { store } = memoryStore();
    await queueCall(store, 7, { kind: 'start', body: { id: 7, clientId: 'start-clientid-1', at: AT } });
    await queueSync(store, 7, 1, sync(7), newId);
    const { send, sent } = server({ kind: 'failed', message: 'timeout' }, { kind: 'failed', message: '502' });

    expect(await drainOutbox(store, send, noUploads)).toBe('retry');
    expect(await drainOutbox(store, send, noUploads)).toBe('retry');
    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(sent.map((call) => call.body.clientId)).toEqual(['start-clientid-1', 'start-clientid-1', 'start-clientid-1', expect.stringMatching(/^client-/)]);
  });

  it("stops a visit's queue at a refusal, keeps its calls, and goes on with other visits", async () => {
    const { store, queue, blocked } = memoryStore();
    await queueCall(store, 7, { kind: 'start', body: { id: 7, clientId: newId(), at: AT } });
    await queueSync(store, 7, 1, sync(7), newId);
    await queueCall(store, 8, { kind: 'start', body: { id: 8, clientId: newId(), at: AT } });
    const { send, sent } = server({ kind: 'refused', message: '该服务已改派给其他技术员，本机录入的内容仍保留在手机上', httpStatus: 404 });

    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(sent.map((call) => `${call.kind}:${call.body.id}`)).toEqual(['start:7', 'start:8']);
    expect(blocked.get(7)).toContain('改派');
    expect([...queue.values()].map((item) => `${item.kind}:${item.visitId}`)).toEqual(['start:7', 'sync:7']);
    // Still blocked on the next round: nothing of visit 7 goes until the technician retries.
    expect(await drainOutbox(store, send, noUploads)).toBe('done');
    expect(sent).toHaveLength(2);
  });

  it('stops everything when the session has ended', async () => {
    const { store, queue } = memoryStore();
    await queueCall(store, 7, { kind: 'start', body: { id: 7, clientId: newId(), at: AT } });
    const { send } = server({ kind: 'signedOut', message: null });
    expect(await drainOutbox(store, send, noUploads)).toBe('signedOut');
    expect(queue.size).toBe(1);
  });

  it('uploads the photos and the signature first, once each, and sends their URLs', async () => {
    const { store, images } = memoryStore();
    images.set('local:a', new Blob(['a'], { type: 'image/jpeg' }));
    images.set('local:b', new Blob(['b'], { type: 'image/jpeg' }));
    images.set('local:sig', new Blob(['s'], { type: 'image/png' }));
    await queueSync(store, 7, 1, sync(7, ['local:a', '/api/oss/u/1/old.jpg', 'local:b']), newId);
    await queueCall(store, 7, { kind: 'finish', body: { id: 7, clientId: newId(), signature: 'local:sig', at: AT } });
    const events: string[] = [];
    const uploadAnswers: CallResult<string>[] = [{ kind: 'ok', data: '/api/oss/u/1/a.jpg' }, { kind: 'failed', message: 'offline' }];
    const upload = async (_image: Blob, ref: string): Promise<CallResult<string>> => {
      events.push(`upload ${ref}`);
      return uploadAnswers.shift() ?? { kind: 'ok', data: `/api/oss/u/1/${ref.slice('local:'.length)}.jpg` };
    };
    const { send, sent } = server();
    const logged = async (call: OutboxCall) => {
      events.push(`send ${call.kind}`);
      return send(call);
    };

    expect(await drainOutbox(store, logged, upload)).toBe('retry');
    expect(sent).toHaveLength(0);
    expect(await drainOutbox(store, logged, upload)).toBe('done');
    expect(events).toEqual(['upload local:a', 'upload local:b', 'upload local:b', 'send sync', 'upload local:sig', 'send finish']);
    const [syncCall, finishCall] = sent;
    expect(syncCall?.kind === 'sync' && syncCall.body.checks[0]!.photos).toEqual(['/api/oss/u/1/a.jpg', '/api/oss/u/1/old.jpg', '/api/oss/u/1/b.jpg']);
    expect(finishCall?.kind === 'finish' && finishCall.body.signature).toBe('/api/oss/u/1/sig.jpg');
  });

  it('waits longer after each failure, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
