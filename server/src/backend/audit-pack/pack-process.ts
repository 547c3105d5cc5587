import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { Queryable } from '../db/db.ts';
import type { PackJob } from './pack-jobs.ts';
import { PACK_ORDER_ENV, type PackOrder, type PackProcessMessage, type PackQueryAnswer } from './pack-process-messages.ts';
import type { PackBuild } from './pack-build.ts';

/**
 * How the pack process runs, measured by bench/auditpack on a year's pack (peak RSS of the process
 * over its whole life; the modules alone take ~185 MB):
 * - V8's heap bounded: ~60 MB is live at the peak (one document with its parsed fonts); unbounded,
 *   V8 let garbage grow to ~150 MB before collecting. A pack that needed more would fail alone.
 * - a young generation of 2 MB semi-spaces instead of 16: 256 → 216 MB.
 * - one libuv thread: the rasteriser renders one picture at a time anyway, and every thread that
 *   ever rendered kept its own ~30 MB of freed memory in its allocator.
 * - glibc's large blocks (the rasteriser's fonts and pixels) mapped and unmapped, not kept on its
 *   heap once freed: 216 → 208 MB.
 */
const PACK_NODE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=2'];
const PACK_ENV = { UV_THREADPOOL_SIZE: '1', MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };

/**
 * Builds each pack in a process of its own (pack-worker.ts), so the backend's memory does not grow
 * by a pack (~+200 MB in process), and the pack's process loads only what packs need. On PostgreSQL
 * (`databaseUrl`) it opens its own connection; on PGlite, whose database lives in this process, it
 * sends its queries here to be run on `db` (structured clone keeps their dates). It reports progress
 * to the runner, which records it under the lease and kills the process when the job is no longer
 * its own (cancelled, taken over) and at once when the runner stops. Dying with the runner's process (IPC gone) leaves the
 * job running under a lease that lapses, to be taken over.
 */
export function packProcessBuild(
  { databaseUrl, db }: { databaseUrl: string | null; db: Queryable },
  onBuilt: (job: PackJob, peakRssKb: number) => void,
): PackBuild {
  return async (job, file, progress, { ageing, objectDir, stopping }) => {
    const order: PackOrder = { databaseUrl, job, file, now: ageing.now.toISOString(), riskOverdueDays: ageing.limits, objectDir };
    const child = fork(new URL('./pack-worker.ts', import.meta.url), {
      execArgv: ['--import', import.meta.resolve('tsx'), ...PACK_NODE_FLAGS],
      env: { ...process.env, ...PACK_ENV, [PACK_ORDER_ENV]: JSON.stringify(order) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const answer = (message: PackQueryAnswer) => {
      // A process killed meanwhile (cancelled, taken over) has no one left to answer.
      if (child.connected) child.send(message, () => undefined);
    };
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    // SIGKILL: the process ignores the signals a whole process group gets (pack-worker.ts).
    const kill = () => child.kill('SIGKILL');
    // The runner is stopping: the pack goes back to the queue, so what this process would still build is waste.
    stopping?.addEventListener('abort', kill, { once: true });
    if (stopping?.aborted) kill();
    let reported = Promise.resolve();
    let outcome: { peakRssKb: number } | Error | undefined;
    child.on('message', (message: PackProcessMessage) => {
      if (message.type === 'progress') {
        // Once a report is refused, the ones already on their way are not relayed.
        reported = reported.then(() => (outcome ? undefined : progress(message.progress))).catch((error: unknown) => {
          outcome ??= error as Error;
          kill();
        });
      } else if (message.type === 'query') {
        db.query(message.sql, message.params).then(
          (rows) => answer({ type: 'rows', id: message.id, rows }),
          (error: unknown) => answer({ type: 'queryFailed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
        );
      } else if (message.type === 'built') outcome ??= { peakRssKb: message.peakRssKb };
      else outcome ??= new Error(message.message);
    });
    const [code, signal] = await exited;
    stopping?.removeEventListener('abort', kill);
    await reported;
    if (outcome instanceof Error) throw outcome;
    if (!outcome || code !== 0) throw new Error(`audit pack process ended (${signal ?? code}) without finishing`);
    onBuilt(job, outcome.peakRssKb);
  };
}
