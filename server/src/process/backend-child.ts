import { createBackend } from '../backend/create-backend.ts';
import { openDatabase } from '../backend/db/open-database.ts';
import type { Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { BACKEND_CONFIG_ENV, type BackendMessage, type ParentMessage } from './backend-messages.ts';

/**
 * The reference backend in a process of its own, started by spawn-backend.ts. Its database work
 * (PGlite runs on the thread that calls it) then never blocks the gateway's event loop: static
 * files, live sockets and /healthz keep answering whatever the charts cost.
 */
const config = JSON.parse(process.env[BACKEND_CONFIG_ENV] ?? '{}') as Config;
const logger = createLogger(config.logLevel);
const send = (message: BackendMessage) => process.send?.(message);

// The parent decides when this process ends; Ctrl-C in a terminal reaches the whole process
// group, and the parent answers it by asking for a close.
process.on('SIGINT', () => {});

let closing: Promise<void> | null = null;
let close: () => Promise<void> = async () => {};
const closeAndExit = (code: number) => {
  closing ??= close().then(
    () => process.exit(code),
    (error: unknown) => {
      logger.error({ err: error }, 'backend close failed');
      process.exit(1);
    },
  );
};

process.on('message', (message: ParentMessage) => {
  if (message?.type === 'close') closeAndExit(0);
});
// The parent is gone (killed, crashed): nobody can reach this process any more.
process.on('disconnect', () => closeAndExit(0));
process.on('SIGTERM', () => closeAndExit(0));
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (error: unknown) => {
    logger.fatal({ err: error }, `backend: ${event}; exiting`);
    closeAndExit(1);
  });
}

try {
  const db = await openDatabase(config, logger.child({ component: 'db' }));
  const banner: string[] = [];
  const backend = await createBackend({ db, logger: logger.child({ component: 'backend' }), config, onCatchUp: (line) => banner.push(line) });
  close = async () => {
    await backend.close();
    await db.close();
  };
  const url = await backend.listen({ host: '127.0.0.1', port: 0 });
  send({ type: 'ready', url, banner });
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  await close().catch(() => {});
  process.exit(1);
}
