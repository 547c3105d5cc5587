import {
  JobOrderState,
  PointStatus,
  type FieldCheck,
  type FieldMaterial,
  type FieldRecorded,
  type FieldRectification,
  type FieldRisk,
  type FieldSyncBody,
  type FieldVisit,
  type FollowUpType,
  type RiskGrade,
} from '@pest/shared';

/**
 * A photo as an entry holds it: `local:<id>` while its image waits on the phone (IndexedDB), the
 * store's URL once uploaded or when the server already had it.
 */
export type PhotoRef = string;
export const LOCAL_PHOTO = 'local:';
export const isLocalPhoto = (ref: PhotoRef): boolean => ref.startsWith(LOCAL_PHOTO);

/** Every entry keeps the draft revision of its last change: above the acknowledged one, it is not sent yet. */
interface Revised {
  rev: number;
}

export interface CheckDraft extends Revised {
  status: PointStatus;
  /** By pest id. */
  counts: Record<number, number>;
  photos: PhotoRef[];
  note: string;
}

export interface RiskDraft extends Revised {
  key: string;
  regionId: number;
  riskTypeId: number;
  issueId: number;
  grade: RiskGrade;
  location: string;
  advice: string;
  followUpType: FollowUpType;
  photos: PhotoRef[];
}

export interface RectificationDraft extends Revised {
  riskId: number;
  photos: PhotoRef[];
  note: string;
}

export interface MaterialDraft extends Revised {
  key: string;
  materialId: number;
  regionId: number;
  lotNo: string;
  quantity: number;
}

export interface FinishDraft {
  signature: PhotoRef;
  remark: string;
  at: string;
}

/** What the phone holds of one visit: the entries, and how far the server has them. */
export interface VisitDraft {
  visitId: number;
  /** Counts every change; the entries' `rev` come from it. */
  rev: number;
  /** The revision the server has acknowledged (a sync carrying it answered). */
  sentRev: number;
  startedAt: string | null;
  startSent: boolean;
  checks: Record<number, CheckDraft>;
  risks: RiskDraft[];
  rectifications: RectificationDraft[];
  materials: MaterialDraft[];
  /** The revision of the materials list's last change (a line removed leaves no entry to mark). */
  materialsRev: number;
  finish: FinishDraft | null;
  finishSent: boolean;
  /** The visit's state in the server's last answer. */
  serverState: JobOrderState | null;
  /** What the server told the technician (a visit cancelled meanwhile): shown until the visit is left. */
  notice: string | null;
  /** Why the server refused this visit's calls: its queue waits until the technician retries. */
  blocked: string | null;
}

/** A new draft for a visit, with what the server already holds when it was started elsewhere or before. */
export function draftFor(visit: FieldVisit): VisitDraft {
  const started = visit.startedAt !== null;
  return {
    visitId: visit.id,
    rev: 0,
    sentRev: 0,
    startedAt: visit.startedAt,
    startSent: started,
    checks: started ? checksFrom(visit.recorded) : {},
    risks: started ? visit.recorded.risks.map((risk) => ({ ...risk, photos: risk.photos ?? [], rev: 0 })) : [],
    rectifications: started ? visit.recorded.rectifications.map((rectification) => ({ ...rectification, note: rectification.note ?? '', rev: 0 })) : [],
    materials: started ? visit.recorded.materials.map((material, index) => ({ ...material, key: `server-${index}`, rev: 0 })) : [],
    materialsRev: 0,
    finish: null,
    finishSent: visit.state === JobOrderState.done,
    serverState: visit.state,
    notice: null,
    blocked: null,
  };
}

function checksFrom(recorded: FieldRecorded): Record<number, CheckDraft> {
  return Object.fromEntries(
    recorded.checks.map((check) => [
      check.pointId,
      { status: check.status, counts: Object.fromEntries(check.counts.map(({ pestId, count }) => [pestId, count])), photos: check.photos ?? [], note: check.note ?? '', rev: 0 },
    ]),
  );
}

/** The sync the draft makes: every entry as it stands, which replaces what the server had of each. */
export function syncBody(draft: VisitDraft, clientId: string): FieldSyncBody {
  const checks: FieldCheck[] = Object.entries(draft.checks).map(([pointId, check]) => ({
    pointId: Number(pointId),
    status: check.status,
    counts: check.status === PointStatus.unchecked ? [] : Object.entries(check.counts).map(([pestId, count]) => ({ pestId: Number(pestId), count })),
    ...(check.photos.length > 0 ? { photos: check.photos } : {}),
    ...(check.note.trim() !== '' ? { note: check.note.trim() } : {}),
  }));
  const risks: FieldRisk[] = draft.risks.map(({ rev: _rev, photos, ...risk }) => ({ ...risk, ...(photos.length > 0 ? { photos } : {}) }));
  const rectifications: FieldRectification[] = draft.rectifications.map(({ riskId, photos, note }) => ({ riskId, photos, ...(note.trim() !== '' ? { note: note.trim() } : {}) }));
  const materials: FieldMaterial[] = draft.materials.map(({ materialId, regionId, lotNo, quantity }) => ({ materialId, regionId, lotNo, quantity }));
  return { id: draft.visitId, clientId, checks, risks, rectifications, materials };
}

/** How many entries the server does not have yet: the start, each changed entry, the finish. */
export function unsentCount(draft: VisitDraft): number {
  const newer = (entry: Revised) => entry.rev > draft.sentRev;
  const changedMaterials = draft.materials.filter(newer).length;
  return (
    (draft.startedAt !== null && !draft.startSent ? 1 : 0) +
    Object.values(draft.checks).filter(newer).length +
    draft.risks.filter(newer).length +
    draft.rectifications.filter(newer).length +
    (changedMaterials > 0 ? changedMaterials : draft.materialsRev > draft.sentRev ? 1 : 0) +
    (draft.finish !== null && !draft.finishSent ? 1 : 0)
  );
}

/** The images of the draft still kept on the phone (photos and the signature). */
export function localPhotosOf(draft: VisitDraft): PhotoRef[] {
  return [
    ...Object.values(draft.checks).flatMap((check) => check.photos),
    ...draft.risks.flatMap((risk) => risk.photos),
    ...draft.rectifications.flatMap((rectification) => rectification.photos),
    ...(draft.finish ? [draft.finish.signature] : []),
  ].filter(isLocalPhoto);
}

/** The visit's state as the technician should see it: started on the phone is in progress, whether or not the server knows yet. */
export function shownState(draft: VisitDraft | undefined, serverState: JobOrderState): JobOrderState {
  const known = draft?.serverState ?? serverState;
  if (known === JobOrderState.done || known === JobOrderState.cancelled) return known;
  if (draft?.finish) return JobOrderState.done;
  return draft?.startedAt ? JobOrderState.inProgress : known;
}

/** The draft once the technician can no longer change it: finished on the phone, or done or cancelled on the server. */
export function isClosed(draft: VisitDraft): boolean {
  return draft.finish !== null || draft.serverState === JobOrderState.done || draft.serverState === JobOrderState.cancelled;
}
