/**
 * The pack process (pack-process.ts): builds the one pack it was started for, reports progress to
 * the runner over IPC, and ends. Loads only what packs need: no server, no PGlite, no seed.
 */
import { pino } from 'pino';
import type { Db, Queryable } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { fileStore } from '../files/file-stores.ts';
import { buildPack } from './pack-builder.ts';
import { PACK_ORDER_ENV, type PackOrder, type PackProcessMessage, type PackQueryAnswer } from './pack-process-messages.ts';

const send = (message: PackProcessMessage) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

// Without the runner there is no one to report to, nor a job to build for.
process.on('disconnect', () => process.exit(1));
// A signal to the whole process group (Ctrl-C in a terminal, systemd stopping the service) is the
// backend's to answer: its runner hands the job back to the queue and then ends this process
// (SIGKILL), where dying here first would fail the pack.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

/** The runner's embedded database (PGlite lives in one process), asked over IPC. */
function runnersDatabase(): Queryable {
  let next = 0;
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  process.on('message', (answer: PackQueryAnswer) => {
    const caller = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.type === 'rows') caller?.resolve(answer.rows);
    else caller?.reject(new Error(answer.message));
  });
  return {
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      new Promise<T[]>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        send({ type: 'query', id, sql, params }).catch(reject);
      }),
    exec: () => Promise.reject(new Error('the pack process runs no scripts')),
  };
}

const order = JSON.parse(process.env[PACK_ORDER_ENV]!) as PackOrder;
let pool: Db | undefined;
try {
  if (order.databaseUrl) pool = await openPostgres(order.databaseUrl, pino({ level: 'warn' }));
  await buildPack(pool ?? runnersDatabase(), order.job, order.file, (progress) => send({ type: 'progress', progress }), {
    ageing: { now: new Date(order.now), limits: order.riskOverdueDays },
    uploads: fileStore(pool ?? null, 'uploads', order.objectDir),
  });
  await send({ type: 'built', peakRssKb: process.resourceUsage().maxRSS });
} catch (error) {
  await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
} finally {
  await pool?.close();
  // Sent messages are flushed (each send waited for); the IPC channel would keep the process up.
  process.exit();
}
