import type { AddressInfo } from 'node:net';
import { createBackend } from './backend/create-backend.ts';
import { openDatabase } from './backend/db/open-database.ts';
import { loadConfig, type Config } from './config.ts';
import { createGateway } from './gateway/create-gateway.ts';
import { createLogger } from './logger.ts';

export interface RunningServer {
  /** Where the gateway listens, with the real port when PORT is 0. */
  url: string;
  /** Stops the gateway, then the embedded backend, then its database. */
  close(): Promise<void>;
}

/**
 * Starts the server as configured by the environment, with `overrides` on top. Without an
 * UPSTREAM_URL the reference backend starts first on a loopback port and the gateway proxies to
 * it, so the demo takes the same path as production.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const config: Config = { ...loadConfig(), ...overrides };
  const logger = createLogger(config.logLevel);
  // Undone in reverse order on close, or when a later step of the start fails.
  const shutdownSteps: (() => Promise<void>)[] = [];
  const shutdown = async () => {
    for (const step of shutdownSteps.splice(0).reverse()) await step();
  };

  try {
    let upstreamUrl = config.upstreamUrl;
    if (!upstreamUrl) {
      const db = await openDatabase(config, logger.child({ component: 'db' }));
      shutdownSteps.push(() => db.close());
      const backend = await createBackend({ db, logger: logger.child({ component: 'backend' }), config });
      shutdownSteps.push(() => backend.close());
      upstreamUrl = await backend.listen({ host: '127.0.0.1', port: 0 });
    }

    const gateway = await createGateway({
      upstreamUrl,
      consoleDist: config.consoleDist,
      logger: logger.child({ component: 'gateway' }),
      config,
    });
    shutdownSteps.push(() => gateway.close());
    await gateway.listen({ host: config.host, port: config.port });

    const { port } = gateway.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, close: shutdown };
  } catch (error) {
    await shutdown();
    throw error;
  }
}
