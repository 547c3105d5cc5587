import type { AuditPacksChange, AuditPackStatus } from '@pest/shared';

/**
 * The recent packs after a live change: changed and new packs replace theirs; `ids`, when sent,
 * is the new order. `complete` is false when that order names a pack neither shown nor sent, so
 * the list must be asked again.
 */
export function withPackChange(shown: readonly AuditPackStatus[], change: AuditPacksChange): { list: AuditPackStatus[]; complete: boolean } {
  const byId = new Map(shown.map((pack) => [pack.id, pack]));
  for (const pack of change.packs) byId.set(pack.id, pack);
  if (!change.ids) {
    const added = change.packs.filter((pack) => !shown.some((old) => old.id === pack.id));
    return { list: [...added, ...shown.map((pack) => byId.get(pack.id)!)], complete: true };
  }
  const list = change.ids.flatMap((id) => byId.get(id) ?? []);
  return { list, complete: list.length === change.ids.length };
}

/** A new pack goes first, as the list orders them (newest first); one already there is replaced. */
export const withNewPack = (shown: readonly AuditPackStatus[], pack: AuditPackStatus): AuditPackStatus[] => [pack, ...shown.filter((old) => old.id !== pack.id)];

/** Queued or running: it can still be cancelled and its progress still moves. */
export const isPackActive = (pack: Pick<AuditPackStatus, 'state'>) => pack.state === 'queued' || pack.state === 'running';

/** Bytes as people read them: 812 KB, 4.2 MB. */
export function packSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How far a pack is, 0–100. */
export const packPercent = (pack: Pick<AuditPackStatus, 'state' | 'done' | 'total'>) =>
  pack.state === 'done' ? 100 : pack.total > 0 ? Math.min(100, Math.floor((pack.done / pack.total) * 100)) : 0;
