import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { markUnhealthy } from '../gateway/health.ts';
import { createLogger } from '../logger.ts';
import { endWithParent } from './end-with-parent.ts';
import { GATEWAY_WORKER_CONFIG_ENV, type GatewayWorkerMessage } from './gateway-worker-messages.ts';

/**
 * One gateway process of several (GATEWAY_WORKERS), forked by gateway-workers.ts through
 * node:cluster: the workers share the listening port, and the primary hands each new connection
 * to one of them in turn. Each is a whole gateway; their live hubs meet in Redis.
 */
const config = JSON.parse(process.env[GATEWAY_WORKER_CONFIG_ENV] ?? '{}') as Config & { upstreamUrl: string };
const logger = createLogger(config.logLevel);
const send = (message: GatewayWorkerMessage) => process.send?.(message);

const ending = endWithParent(logger, 'gateway worker', markUnhealthy);

try {
  const gateway = await createGateway({
    upstreamUrl: config.upstreamUrl,
    consoleDist: config.consoleDist,
    logger: logger.child({ component: 'gateway' }),
    config,
  });
  ending.closeWith(() => gateway.close());
  await gateway.listen({ host: config.host, port: config.port });
  send({ type: 'ready', port: (gateway.server.address() as AddressInfo).port });
} catch (error) {
  send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  ending.closeAndExit(1);
}
