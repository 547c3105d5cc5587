import type { FieldWriteAnswer } from '@pest/shared';
import type { OutboxItem, OutboxStore } from '../outbox/outbox.ts';
import { localPhotosOf, type PhotoRef, type VisitDraft } from './draft.ts';
import type { FieldDb } from './fieldDb.ts';

/** Told after every change to a draft or the queue, so the screens show what is not sent yet. */
export const storeChanges = new EventTarget();
const changed = () => storeChanges.dispatchEvent(new Event('change'));

/**
 * Changes a draft in one transaction, so the screens and the outbox, both writing, never lose each
 * other's change. Resolves the draft as written (undefined when there is none).
 */
export async function updateDraft(db: FieldDb, visitId: number, change: (draft: VisitDraft) => VisitDraft): Promise<VisitDraft | undefined> {
  const tx = db.transaction('drafts', 'readwrite');
  const current = await tx.store.get(visitId);
  const next = current ? change(current) : undefined;
  if (next) await tx.store.put(next);
  await tx.done;
  changed();
  return next;
}

/** The draft once the server took a call: how far it has the visit, its state, and what it says. */
export function acknowledge(draft: VisitDraft, item: OutboxItem, answer: FieldWriteAnswer): VisitDraft {
  const next: VisitDraft = { ...draft, serverState: answer.state, notice: answer.notice ?? draft.notice };
  switch (item.kind) {
    case 'start':
      return { ...next, startSent: true };
    case 'sync':
      return { ...next, sentRev: Math.max(draft.sentRev, item.upToRev) };
    case 'finish':
      return { ...next, finishSent: true };
  }
}

async function forgetImages(db: FieldDb, refs: readonly PhotoRef[]): Promise<void> {
  const tx = db.transaction(['images', 'uploads'], 'readwrite');
  await Promise.all(refs.flatMap((ref) => [tx.objectStore('images').delete(ref), tx.objectStore('uploads').delete(ref)]));
  await tx.done;
}

/** The outbox kept in IndexedDB beside the drafts it reports to. */
export function outboxStore(db: FieldDb): OutboxStore {
  return {
    items: () => db.getAll('outbox'),
    append: async (item) => {
      // The key path numbers it: autoIncrement keeps the queue's order.
      await db.add('outbox', item as OutboxItem);
      changed();
    },
    replaceUnsent: async (seq, change) => {
      const tx = db.transaction('outbox', 'readwrite');
      const item = await tx.store.get(seq);
      const replaced = item !== undefined && !item.attempted;
      if (replaced) await tx.store.put(change(item));
      await tx.done;
      return replaced;
    },
    markAttempted: async (seq) => {
      const tx = db.transaction('outbox', 'readwrite');
      const item = await tx.store.get(seq);
      const frozen = item ? { ...item, attempted: true } : undefined;
      if (frozen) await tx.store.put(frozen);
      await tx.done;
      return frozen;
    },
    remove: async (seq) => {
      await db.delete('outbox', seq);
      changed();
    },
    image: (ref) => db.get('images', ref),
    uploadedUrl: (ref) => db.get('uploads', ref),
    keepUploadedUrl: async (ref, url) => {
      await db.put('uploads', url, ref);
    },
    blockedVisits: async () => new Set((await db.getAll('drafts')).filter((draft) => draft.blocked !== null).map((draft) => draft.visitId)),
    block: async (visitId, reason) => {
      await updateDraft(db, visitId, (draft) => ({ ...draft, blocked: reason }));
    },
    acknowledged: async (item, answer) => {
      const draft = await updateDraft(db, item.visitId, (current) => acknowledge(current, item, answer));
      // A finished visit's images are on the server: the phone's copies would only fill its storage.
      if (item.kind === 'finish' && draft) await forgetImages(db, localPhotosOf(draft));
    },
  };
}
