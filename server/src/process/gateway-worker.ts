import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { markUnhealthy } from '../gateway/health.ts';
import { createLogger } from '../logger.ts';
import { GATEWAY_WORKER_CONFIG_ENV, type GatewayPrimaryMessage, type GatewayWorkerMessage } from './gateway-worker-messages.ts';

/**
 * One gateway process of several (GATEWAY_WORKERS), forked by gateway-workers.ts through
 * node:cluster: the workers share the listening port, and the primary hands each new connection
 * to one of them in turn. Each is a whole gateway; their live hubs meet in Redis.
 */
const config = JSON.parse(process.env[GATEWAY_WORKER_CONFIG_ENV] ?? '{}') as Config & { upstreamUrl: string };
const logger = createLogger(config.logLevel);
const send = (message: GatewayWorkerMessage) => process.send?.(message);

// Ctrl-C in a terminal reaches the whole process group; the primary answers it by asking for a close.
process.on('SIGINT', () => {});

let closing: Promise<void> | null = null;
let close: () => Promise<void> = async () => {};
const closeAndExit = (code: number) => {
  closing ??= close().then(
    () => process.exit(code),
    (error: unknown) => {
      logger.error({ err: error }, 'gateway worker close failed');
      process.exit(1);
    },
  );
};

process.on('message', (message: GatewayPrimaryMessage) => {
  if (message?.type === 'close') closeAndExit(0);
});
// The primary is gone: nobody would hand this process connections or restart it.
process.on('disconnect', () => closeAndExit(0));
process.on('SIGTERM', () => closeAndExit(0));
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (error: unknown) => {
    logger.fatal({ err: error }, `gateway worker: ${event}; exiting`);
    markUnhealthy();
    closeAndExit(1);
  });
}

try {
  const gateway = await createGateway({
    upstreamUrl: config.upstreamUrl,
    consoleDist: config.consoleDist,
    logger: logger.child({ component: 'gateway' }),
    config,
  });
  close = () => gateway.close();
  await gateway.listen({ host: config.host, port: config.port });
  send({ type: 'ready', port: (gateway.server.address() as AddressInfo).port });
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  await close().catch(() => {});
  process.exit(1);
}
