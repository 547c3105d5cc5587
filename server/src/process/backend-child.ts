import { createBackend } from '../backend/create-backend.ts';
import { openDatabase } from '../backend/db/open-database.ts';
import type { Config } from '../config.ts';
import { demoWorld as theDemo } from '../demo/index.ts';
import { createLogger } from '../logger.ts';
import { BACKEND_CONFIG_ENV, type BackendMessage } from './backend-messages.ts';
import { endWithParent } from './end-with-parent.ts';

/**
 * The reference backend in a process of its own, started by spawn-backend.ts. Its database work
 * (PGlite runs on the thread that calls it) then never blocks the gateway's event loop: static
 * files, live sockets and /healthz keep answering whatever the charts cost.
 */
const config = JSON.parse(process.env[BACKEND_CONFIG_ENV] ?? '{}') as Config;
const logger = createLogger(config.logLevel);
const send = (message: BackendMessage) => process.send?.(message);

const ending = endWithParent(logger, 'backend');

try {
  const banner: string[] = [];
  const demoWorld = config.demo ? theDemo : undefined;
  // A new demo answers before its devices' heartbeat history is in; the backend fills it in.
  const db = await openDatabase(config, logger.child({ component: 'db' }), { fill: 'later', onBanner: (line) => banner.push(line), demoWorld });
  const backend = await createBackend({ db, logger: logger.child({ component: 'backend' }), config, onBanner: (line) => banner.push(line), demoWorld });
  ending.closeWith(async () => {
    await backend.close();
    await db.close();
  });
  const url = await backend.listen({ host: '127.0.0.1', port: 0 });
  send({ type: 'ready', url, banner });
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  ending.closeAndExit(1);
}
