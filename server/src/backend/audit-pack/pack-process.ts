import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { PackJob } from './pack-jobs.ts';
import { PACK_ORDER_ENV, type PackOrder, type PackProcessMessage } from './pack-process-messages.ts';
import type { PackBuild } from './pack-build.ts';

/**
 * V8 heap the pack process may use. A year's pack keeps ~60 MB live at its peak (one document with
 * its parsed fonts); left unbounded, V8 let garbage grow to ~150 MB before collecting. A pack that
 * needed more would fail alone, never the backend.
 */
const PACK_HEAP_MB = 128;

/**
 * Builds each pack in a process of its own (pack-worker.ts) with its own connection to PostgreSQL,
 * so the backend's memory does not grow by a pack (~+200 MB in process), and the pack's process
 * loads only what packs need. It reports progress to the runner, which records it under the lease
 * as before and kills the process when the job is no longer its own (cancelled, taken over, stopping).
 * Dying with the runner's process (IPC gone) leaves the job running under a lease that lapses, to
 * be taken over, as an in-process build would.
 */
export function packProcessBuild(databaseUrl: string, onBuilt: (job: PackJob, peakRssKb: number) => void): PackBuild {
  return async (job, file, progress, { ageing, objectDir }) => {
    const order: PackOrder = { databaseUrl, job, file, now: ageing.now.toISOString(), riskOverdueDays: ageing.limits, objectDir };
    const child = fork(new URL('./pack-worker.ts', import.meta.url), {
      execArgv: ['--import', import.meta.resolve('tsx'), `--max-old-space-size=${PACK_HEAP_MB}`],
      // One libuv thread: the rasteriser renders one picture at a time anyway, and each thread
      // that ever rendered kept its own ~30 MB of freed memory in its allocator.
      env: { ...process.env, UV_THREADPOOL_SIZE: '1', [PACK_ORDER_ENV]: JSON.stringify(order) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let reported = Promise.resolve();
    let outcome: { peakRssKb: number } | Error | undefined;
    child.on('message', (message: PackProcessMessage) => {
      if (message.type === 'progress') {
        reported = reported.then(() => progress(message.progress)).catch((error: unknown) => {
          outcome ??= error as Error;
          child.kill();
        });
      } else if (message.type === 'built') outcome ??= { peakRssKb: message.peakRssKb };
      else outcome ??= new Error(message.message);
    });
    const [code, signal] = await exited;
    await reported;
    if (outcome instanceof Error) throw outcome;
    if (!outcome || code !== 0) throw new Error(`audit pack process ended (${signal ?? code}) without finishing`);
    onBuilt(job, outcome.peakRssKb);
  };
}
