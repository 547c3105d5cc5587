/**
 * The pack process (pack-process.ts): builds the one pack it was started for, reports progress to
 * the runner over IPC, and ends. Loads only what packs need: no server, no PGlite, no seed.
 */
import { pino } from 'pino';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { buildPack } from './pack-builder.ts';
import { PACK_ORDER_ENV, type PackOrder, type PackProcessMessage } from './pack-process-messages.ts';

const send = (message: PackProcessMessage) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

// Without the runner there is no one to report to, nor a job to build for.
process.on('disconnect', () => process.exit(1));

const order = JSON.parse(process.env[PACK_ORDER_ENV]!) as PackOrder;
let db: Db | undefined;
try {
  db = await openPostgres(order.databaseUrl, pino({ level: 'warn' }));
  await buildPack(db, order.job, order.file, (progress) => send({ type: 'progress', progress }), {
    ageing: { now: new Date(order.now), limits: order.riskOverdueDays },
    objectDir: order.objectDir,
  });
  await send({ type: 'built', peakRssKb: process.resourceUsage().maxRSS });
} catch (error) {
  await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
} finally {
  await db?.close();
  // Sent messages are flushed (each send waited for); the IPC channel would keep the process up.
  process.exit();
}
