import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** How long a `.partial` file may sit before it counts as a dead rendering's leftover. */
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

interface Entry {
  name: string;
  jobOrderId: number;
  bytes: number;
  usedMs: number;
}

/**
 * Prunes the report cache `dir` at `nowMs`: a job order's older files (stale digests: its report
 * changed since), reports unused for `maxAgeMs` (a file's mtime is when it was last rendered or
 * served), then the oldest beyond `maxBytes`, and `.partial` files of renderings that died over
 * an hour ago. `busy(name)` files (rendering or being sent in this process) are never touched; a
 * file another process is sending is already open there, and its reader keeps it until done.
 */
export async function pruneReportDir(dir: string, nowMs: number, limits: PruneLimits, busy: (name: string) => boolean): Promise<PruneResult> {
  const result: PruneResult = { removed: 0, removedBytes: 0, keptBytes: 0 };
  const remove = async (name: string, bytes: number) => {
    if (busy(name)) return false;
    await rm(path.join(dir, name), { force: true });
    result.removed++;
    result.removedBytes += bytes;
    return true;
  };

  const reports: Entry[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const stats = await stat(path.join(dir, name)).catch(() => null);
    if (!stats?.isFile()) continue;
    const match = REPORT_NAME.exec(name);
    if (match) reports.push({ name, jobOrderId: Number(match[1]), bytes: stats.size, usedMs: stats.mtimeMs });
    else if (name.endsWith('.partial') && stats.mtimeMs < nowMs - PARTIAL_GRACE_MS) await remove(name, stats.size);
  }

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
    const over = full;
    if ((stale || old || over) && (await remove(entry.name, entry.bytes))) continue;
    keptBytes += entry.bytes;
  }
  result.keptBytes = keptBytes;
  return result;
}
