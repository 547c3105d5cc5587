import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { loadConfig, type Config } from './config.ts';
import { createLogger } from './logger.ts';
import { startGatewayWorkers } from './process/gateway-workers.ts';
import { spawnBackend } from './process/spawn-backend.ts';

export interface RunningServer {
  /** Where the gateway listens, with the real port when PORT is 0. */
  url: string;
  /** The reference backend's process and its loopback URL, when this server started one. */
  backendPid: number | null;
  backendUrl: string | null;
  /** The reference backend's lines for the start banner. */
  banner: string[];
  /** Settles with the reason when a part of the server died and it cannot go on (the backend exited). */
  failed: Promise<Error>;
  /** Stops the gateway, then the embedded backend and its database. */
  close(): Promise<void>;
}

/**
 * Starts the server as configured by the environment, with `overrides` on top. Without an
 * UPSTREAM_URL the reference backend starts first, in a process of its own on a loopback port,
 * and the gateway proxies to it: the demo takes the same path as production, and the backend's
 * database work never blocks the gateway's event loop.
 */
export async function startServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const config: Config = { ...loadConfig(), ...overrides };
  const logger = createLogger(config.logLevel);
  // Undone in reverse order on close, or when a later step of the start fails.
  const shutdownSteps: ShutdownSteps = [];
  const shutdown = async () => {
    for (const step of shutdownSteps.splice(0).reverse()) await step();
  };
  let fail!: (error: Error) => void;
  const failed = new Promise<Error>((resolve) => (fail = resolve));

  try {
    let upstreamUrl = config.upstreamUrl;
    let backendPid: number | null = null;
    const banner: string[] = [];
    const backendStarting = upstreamUrl
      ? null
      : spawnBackend(config, logger.child({ component: 'process' }), (code) => fail(new Error(`the reference backend exited with code ${code}`)));
    // Awaited below; marked handled now, so a backend that fails while the gateway loads is not an unhandled rejection.
    backendStarting?.catch(() => undefined);
    // The gateway's modules (~1 s) load while the backend starts on the other core, not before it.
    const gatewayModule = config.gatewayWorkers > 1 ? null : import('./gateway/create-gateway.ts');
    gatewayModule?.catch(() => undefined);
    if (backendStarting) {
      const backend = await backendStarting;
      shutdownSteps.push(() => backend.close());
      upstreamUrl = backend.url;
      backendPid = backend.pid;
      banner.push(...backend.banner);
    }

    const port = gatewayModule
      ? await startGateway(await gatewayModule, config, upstreamUrl!, logger, shutdownSteps)
      : await startWorkers(config, upstreamUrl!, logger, shutdownSteps);
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      backendPid,
      backendUrl: config.upstreamUrl ? null : upstreamUrl,
      banner,
      failed,
      close: shutdown,
    };
  } catch (error) {
    await shutdown();
    throw error;
  }
}

type ShutdownSteps = (() => Promise<void>)[];

/** The gateway in this process; its port. */
async function startGateway(
  { createGateway }: typeof import('./gateway/create-gateway.ts'),
  config: Config,
  upstreamUrl: string,
  logger: Logger,
  shutdownSteps: ShutdownSteps,
): Promise<number> {
  const gateway = await createGateway({ upstreamUrl, consoleDist: config.consoleDist, logger: logger.child({ component: 'gateway' }), config });
  shutdownSteps.push(() => gateway.close());
  await gateway.listen({ host: config.host, port: config.port });
  return (gateway.server.address() as AddressInfo).port;
}

/** GATEWAY_WORKERS gateway processes sharing one port; the port. */
async function startWorkers(config: Config, upstreamUrl: string, logger: Logger, shutdownSteps: ShutdownSteps): Promise<number> {
  const workers = await startGatewayWorkers(config, upstreamUrl, logger.child({ component: 'process' }));
  shutdownSteps.push(() => workers.close());
  return workers.port;
}
