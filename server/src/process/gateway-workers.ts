import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { GATEWAY_WORKER_CONFIG_ENV, type GatewayPrimaryMessage, type GatewayWorkerMessage } from './gateway-worker-messages.ts';
import { restartDelayMs } from './restart-delay.ts';

/** How long a closing worker gets to finish its requests before it is killed. */
const CLOSE_GRACE_MS = 10_000;
/** A worker that ran this long before it ended counts as healthy: its replacement starts at once. */
const HEALTHY_RUN_MS = 60_000;

export interface GatewayWorkers {
  /** The port the workers share (the real one when PORT is 0). */
  port: number;
  /** Asks every worker to close, and kills those that have not within the grace period. */
  close(): Promise<void>;
}

/**
 * Starts `config.gatewayWorkers` gateway processes (gateway-worker.ts) that share one listening
 * port through node:cluster, which hands each new connection to the next worker. One Node process
 * moves ~15,000 small /api answers a second on one core here (bench/proxy); the workers spread
 * that over the machine's cores. A worker that ends on its own is replaced, after a delay that
 * grows while they keep failing; one of the first that fails to start fails the whole start.
 */
export async function startGatewayWorkers(config: Config, upstreamUrl: string, logger: Logger): Promise<GatewayWorkers> {
  cluster.setupPrimary({
    exec: new URL('./gateway-worker.ts', import.meta.url).pathname,
    execArgv: ['--import', import.meta.resolve('tsx')],
  });
  let port = config.port;
  let closing = false;
  let crashesInARow = 0;
  const workers = new Set<Worker>();

  /** Starts another worker after a delay that grows while they keep failing; `startedAt` null: one failed to start. */
  const replace = (startedAt: number | null) => {
    crashesInARow = startedAt !== null && Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : crashesInARow + 1;
    const delay = restartDelayMs(crashesInARow);
    setTimeout(() => {
      if (!closing) fork(true).catch((error: unknown) => logger.error({ err: error }, 'gateway worker failed to start'));
    }, delay);
    return delay;
  };

  const fork = (replacement: boolean) =>
    new Promise<void>((resolve, reject) => {
      const startedAt = Date.now();
      // Every worker asks for the configured port, PORT=0 too: the primary shares one listening
      // socket per address and port asked for, so a worker asking for the port the first one got
      // would be refused as a second listener on it.
      const worker = cluster.fork({ [GATEWAY_WORKER_CONFIG_ENV]: JSON.stringify({ ...config, upstreamUrl }) });
      workers.add(worker);
      let started = false;
      worker.on('message', (message: GatewayWorkerMessage) => {
        if (message.type === 'ready') {
          started = true;
          port = message.port;
          resolve();
        }
        if (message.type === 'failed') reject(new Error(`a gateway worker failed to start:\n${message.message}`));
      });
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        if (closing) return;
        if (!started) {
          reject(new Error(`a gateway worker exited with ${signal ?? `code ${code}`} while starting`));
          // The first ones fail the product's start; a replacement that fails is tried again.
          if (replacement) replace(null);
          return;
        }
        const delay = replace(startedAt);
        logger.error({ worker: worker.process.pid, code, signal }, `gateway worker ended; starting another in ${delay} ms`);
      });
    });

  const close = async () => {
    closing = true;
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const killer = setTimeout(() => worker.process.kill('SIGKILL'), CLOSE_GRACE_MS);
            worker.once('exit', () => {
              clearTimeout(killer);
              resolve();
            });
            // One whose channel already closed is closing itself; a signal asks it the same.
            if (worker.isConnected()) worker.send({ type: 'close' } satisfies GatewayPrimaryMessage);
            else worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    await Promise.all(Array.from({ length: config.gatewayWorkers }, () => fork(false)));
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}
