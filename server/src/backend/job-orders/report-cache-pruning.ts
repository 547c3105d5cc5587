import type { FileStore } from '../files/file-store.ts';

/** How long a partial write may sit before it counts as a dead rendering's leftover. */
const PARTIAL_GRACE_MS = 60 * 60_000;
/** `<job order id>-<digest>.pdf`, as report-files.ts names them. */
const REPORT_NAME = /^(\d+)-[0-9a-f]+\.pdf$/;

export interface PruneLimits {
  /** A report not rendered or served for this long is deleted. */
  maxAgeMs: number;
  /** The newest reports are kept up to this many bytes in all; older ones beyond it are deleted. */
  maxBytes: number;
}

export interface PruneResult {
  removed: number;
  removedBytes: number;
  keptBytes: number;
}

/**
 * Prunes the report cache `store` at `nowMs`: a job order's older files (stale digests: its
 * report changed since), reports unused for `maxAgeMs` (a file's use is when it was last rendered
 * or served), then the oldest beyond `maxBytes`, and what renderings that died over an hour ago
 * left. `busy(name)` files (rendering or being sent in this process) are never touched.
 */
export async function pruneReports(store: FileStore, nowMs: number, limits: PruneLimits, busy: (name: string) => boolean): Promise<PruneResult> {
  const result: PruneResult = { removed: 0, removedBytes: 0, keptBytes: 0 };
  result.removed += await store.sweep(nowMs - PARTIAL_GRACE_MS);
  const reports = (await store.list()).flatMap(({ key, bytes, usedMs }) => {
    const match = REPORT_NAME.exec(key);
    return match ? [{ name: key, jobOrderId: Number(match[1]), bytes, usedMs }] : [];
  });

  // Newest first: the first file of a job order is its current report, the rest are stale digests.
  reports.sort((a, b) => b.usedMs - a.usedMs);
  const current = new Set<number>();
  let keptBytes = 0;
  let full = false;
  for (const entry of reports) {
    const stale = current.has(entry.jobOrderId);
    current.add(entry.jobOrderId);
    const old = entry.usedMs < nowMs - limits.maxAgeMs;
    // Once one report does not fit, every older one goes too: the cache keeps the newest.
    full ||= !stale && !old && keptBytes + entry.bytes > limits.maxBytes;
    if ((stale || old || full) && !busy(entry.name)) {
      await store.delete(entry.name);
      result.removed++;
      result.removedBytes += entry.bytes;
      continue;
    }
    keptBytes += entry.bytes;
  }
  result.keptBytes = keptBytes;
  return result;
}
