import type { FieldFinishBody, FieldStartBody, FieldSyncBody, FieldWriteAnswer } from '@pest/shared';
import type { CallResult } from '../api/fieldCall.ts';
import { isLocalPhoto, type PhotoRef } from '../store/draft.ts';

/**
 * The calls a visit waits to send, in the order they were made: its start, syncs, its finish.
 * Each has its clientId from the moment it is queued, so whatever is sent again (a lost answer, a
 * reload) is the same call to the server, which answers it as the first time.
 */
export type OutboxCall =
  | { kind: 'start'; body: FieldStartBody }
  | { kind: 'sync'; body: FieldSyncBody; upToRev: number }
  | { kind: 'finish'; body: FieldFinishBody };

export type QueuedCall = OutboxCall & {
  visitId: number;
  /** Sent at least once: the server may hold it, so its body stays as it is. */
  attempted: boolean;
};

export type OutboxItem = QueuedCall & {
  /** Queue order, over every visit. */
  seq: number;
};

/** Where the queue, the waiting images and what became of the calls are kept (IndexedDB; a map in tests). */
export interface OutboxStore {
  /** In queue order. */
  items(): Promise<OutboxItem[]>;
  /** Adds the item, numbering it after every other. */
  append(item: QueuedCall): Promise<void>;
  /** Changes an item not yet sent, in one step with the check; false when it has been sent meanwhile. */
  replaceUnsent(seq: number, change: (item: OutboxItem) => OutboxItem): Promise<boolean>;
  /** Freezes the item for sending, in one step: resolves it as stored (undefined when gone). */
  markAttempted(seq: number): Promise<OutboxItem | undefined>;
  remove(seq: number): Promise<void>;
  image(ref: PhotoRef): Promise<Blob | undefined>;
  uploadedUrl(ref: PhotoRef): Promise<string | undefined>;
  keepUploadedUrl(ref: PhotoRef, url: string): Promise<void>;
  /** Visits whose queue waits on the technician (a refusal). */
  blockedVisits(): Promise<Set<number>>;
  block(visitId: number, reason: string): Promise<void>;
  /** The server took the call: what the visit has become and what it says. */
  acknowledged(item: OutboxItem, answer: FieldWriteAnswer): Promise<void>;
}

/** Sends a call to its endpoint. */
export type SendCall = (call: OutboxCall) => Promise<CallResult<FieldWriteAnswer>>;
/** Uploads an image; resolves its URL. */
export type UploadImage = (image: Blob, ref: PhotoRef) => Promise<CallResult<string>>;

/** The block's reason when an image waiting to go is no longer on the phone (the screens say it in words). */
export const MISSING_IMAGE = 'missing-image';

/** `done`: nothing left that can go now; `retry`: the network or server failed, try again later; `signedOut`: sign in first. */
export type DrainResult = 'done' | 'retry' | 'signedOut';

/** Queues a sync of a visit. One not yet sent takes the newer entries itself, so edits made offline go as one call. */
export async function queueSync(store: OutboxStore, visitId: number, upToRev: number, bodyFor: (clientId: string) => FieldSyncBody, newClientId: () => string): Promise<void> {
  const last = (await store.items()).filter((item) => item.visitId === visitId).at(-1);
  if (last?.kind === 'sync' && !last.attempted) {
    const folded = await store.replaceUnsent(last.seq, (item) => (item.kind === 'sync' ? { ...item, body: bodyFor(item.body.clientId), upToRev } : item));
    if (folded) return;
  }
  await store.append({ kind: 'sync', body: bodyFor(newClientId()), upToRev, visitId, attempted: false });
}

export async function queueCall(store: OutboxStore, visitId: number, call: Extract<OutboxCall, { kind: 'start' | 'finish' }>): Promise<void> {
  await store.append({ ...call, visitId, attempted: false });
}

function photoRefs(call: OutboxCall): PhotoRef[] {
  switch (call.kind) {
    case 'start':
      return [];
    case 'finish':
      return [call.body.signature];
    case 'sync':
      return [
        ...call.body.checks.flatMap((check) => check.photos ?? []),
        ...(call.body.risks ?? []).flatMap((risk) => risk.photos ?? []),
        ...(call.body.rectifications ?? []).flatMap((rectification) => rectification.photos),
      ];
  }
}

function withUrls(call: OutboxCall, urls: ReadonlyMap<PhotoRef, string>): OutboxCall {
  const url = (ref: PhotoRef) => urls.get(ref) ?? ref;
  const urlsOf = (refs: PhotoRef[]) => refs.map(url);
  switch (call.kind) {
    case 'start':
      return call;
    case 'finish':
      return { ...call, body: { ...call.body, signature: url(call.body.signature) } };
    case 'sync':
      return {
        ...call,
        body: {
          ...call.body,
          checks: call.body.checks.map((check) => (check.photos ? { ...check, photos: urlsOf(check.photos) } : check)),
          risks: call.body.risks?.map((risk) => (risk.photos ? { ...risk, photos: urlsOf(risk.photos) } : risk)),
          rectifications: call.body.rectifications?.map((rectification) => ({ ...rectification, photos: urlsOf(rectification.photos) })),
        },
      };
  }
}

const callOf = (item: OutboxItem): OutboxCall => {
  switch (item.kind) {
    case 'start':
      return { kind: 'start', body: item.body };
    case 'sync':
      return { kind: 'sync', body: item.body, upToRev: item.upToRev };
    case 'finish':
      return { kind: 'finish', body: item.body };
  }
};

/**
 * Sends what is queued, one call at a time in order. A call's images go first, each uploaded once
 * (its URL is kept). A sync with a later one behind it is dropped unsent: the later one replaces
 * all it says, and a sync the server refused is not tried again once the technician has corrected
 * the entries. A refusal stops that visit's queue (the others go on); a failure stops all
 * until the next try; nothing entered is dropped either way.
 */
export async function drainOutbox(store: OutboxStore, send: SendCall, upload: UploadImage): Promise<DrainResult> {
  const blocked = await store.blockedVisits();
  const queue = await store.items();
  for (const queued of queue) {
    if (blocked.has(queued.visitId)) continue;
    // A later sync carries every entry this one does, as they are now: this one need not go (again).
    if (queued.kind === 'sync' && queue.some((later) => later.seq > queued.seq && later.visitId === queued.visitId && later.kind === 'sync')) {
      await store.remove(queued.seq);
      continue;
    }
    // Frozen before its images go: an edit from now on makes a sync of its own.
    const item = queued.attempted ? queued : await store.markAttempted(queued.seq);
    if (!item) continue;
    const urls = new Map<PhotoRef, string>();
    for (const ref of photoRefs(item).filter(isLocalPhoto)) {
      const kept = await store.uploadedUrl(ref);
      if (kept) {
        urls.set(ref, kept);
        continue;
      }
      const image = await store.image(ref);
      if (!image) {
        await store.block(item.visitId, MISSING_IMAGE);
        blocked.add(item.visitId);
        break;
      }
      const uploaded = await upload(image, ref);
      if (uploaded.kind === 'signedOut') return 'signedOut';
      if (uploaded.kind !== 'ok') return 'retry';
      await store.keepUploadedUrl(ref, uploaded.data);
      urls.set(ref, uploaded.data);
    }
    if (blocked.has(item.visitId)) continue;

    const result = await send(withUrls(callOf(item), urls));
    switch (result.kind) {
      case 'ok':
        await store.acknowledged(item, result.data);
        await store.remove(item.seq);
        break;
      case 'refused':
        await store.block(item.visitId, result.message ?? `HTTP ${result.httpStatus ?? ''}`.trim());
        blocked.add(item.visitId);
        break;
      case 'signedOut':
        return 'signedOut';
      case 'failed':
        return 'retry';
    }
  }
  return 'done';
}

/** The wait before the next try after `failures` failures in a row: 2 s doubling to a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}
