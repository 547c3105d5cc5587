import type { FieldStartBody, FieldVisit } from '@pest/shared';
import { newClientId } from '../api/newClientId.ts';
import type { FieldServices } from '../app/services.ts';
import { queueCall, queueSync } from '../outbox/outbox.ts';
import { draftFor, LOCAL_PHOTO, syncBody, type PhotoRef, type VisitDraft } from '../store/draft.ts';
import { updateDraft } from '../store/localStore.ts';

// One change at a time: a draft's revision and the sync that carries it are queued in the same order.
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(step: () => Promise<T>): Promise<T> {
  const next = chain.then(step, step);
  chain = next.catch(() => undefined);
  return next;
}

/** The draft of a visit, made from what the server holds the first time the visit is opened. */
export async function ensureDraft({ db }: FieldServices, visit: FieldVisit): Promise<VisitDraft> {
  const tx = db.transaction('drafts', 'readwrite');
  const kept = await tx.store.get(visit.id);
  const draft = kept ? { ...kept, serverState: isEnded(visit) ? visit.state : kept.serverState } : draftFor(visit);
  await tx.store.put(draft);
  await tx.done;
  return draft;
}

const isEnded = (visit: FieldVisit) => visit.state === 'done' || visit.state === 'cancelled';

/** 开始服务: kept on the phone at once, sent when it can be. */
export function startVisit(services: FieldServices, visitId: number, location: FieldStartBody['location']): Promise<VisitDraft | undefined> {
  return serial(async () => {
    const at = new Date().toISOString();
    const draft = await updateDraft(services.db, visitId, (current) => (current.startedAt ? current : { ...current, startedAt: at }));
    if (draft?.startedAt !== at) return draft;
    await queueCall(services.outbox, visitId, { kind: 'start', body: { id: visitId, clientId: newClientId(), at, ...(location ? { location } : {}) } });
    services.runner.kick();
    return draft;
  });
}

/**
 * An entry changed: the draft takes it under a new revision, and the visit's whole entries are
 * queued to be sent (the server replaces what it had of each, so sending them again counts nothing twice).
 */
export function editDraft(services: FieldServices, visitId: number, change: (draft: VisitDraft, rev: number) => VisitDraft): Promise<VisitDraft | undefined> {
  return serial(async () => {
    const draft = await updateDraft(services.db, visitId, (current) => change({ ...current, rev: current.rev + 1 }, current.rev + 1));
    if (!draft?.startedAt) return draft;
    await queueSync(services.outbox, visitId, draft.rev, (clientId) => syncBody(draft, clientId), newClientId);
    services.runner.kick();
    return draft;
  });
}

/** 完成服务: the signature waits on the phone with the photos; the finish goes after the last sync. */
export function finishVisit(services: FieldServices, visitId: number, signature: Blob, remark: string): Promise<VisitDraft | undefined> {
  return serial(async () => {
    const ref = await keepImage(services, signature);
    const at = new Date().toISOString();
    const draft = await updateDraft(services.db, visitId, (current) => (current.finish ? current : { ...current, finish: { signature: ref, remark: remark.trim(), at } }));
    if (draft?.finish?.at !== at) return draft;
    await queueCall(services.outbox, visitId, {
      kind: 'finish',
      body: { id: visitId, clientId: newClientId(), signature: ref, at, ...(draft.finish.remark !== '' ? { remark: draft.finish.remark } : {}) },
    });
    services.runner.kick();
    return draft;
  });
}

/** Sends a visit's queue again after a refusal the technician has read. */
export async function retryVisit(services: FieldServices, visitId: number): Promise<void> {
  await updateDraft(services.db, visitId, (draft) => ({ ...draft, blocked: null }));
  services.runner.kick();
}

export async function dismissNotice(services: FieldServices, visitId: number): Promise<void> {
  await updateDraft(services.db, visitId, (draft) => ({ ...draft, notice: null }));
}

/** Keeps an image on the phone until it is uploaded; the entries refer to it by this. */
export async function keepImage({ db }: FieldServices, image: Blob): Promise<PhotoRef> {
  const ref = `${LOCAL_PHOTO}${newClientId()}`;
  await db.put('images', image, ref);
  return ref;
}
