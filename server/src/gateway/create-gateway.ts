import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { API_DOCS_PREFIX } from '../backend/openapi.ts';
import { registerAppConfig } from './app-config.ts';
import { registerConsole } from './console-static.ts';
import { registerHealth } from './health.ts';
import { registerPressure } from './pressure.ts';
import { attachLiveHub } from './live/live-hub.ts';
import { registerProxy } from './proxy.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerWallboard } from './wallboard-static.ts';

export interface GatewayOptions {
  /** Where /api goes: the provider backend or the embedded reference backend. */
  upstreamUrl: string;
  /** The built console (apps/console/dist). */
  consoleDist: string;
  logger: FastifyBaseLogger;
  config: Pick<Config, 'wallboardUrl' | 'wallboardDist' | 'adminUserIds' | 'production' | 'livePollMs' | 'liveAllowedOrigins' | 'redisUrl'
    | 'liveMaxSocketsPerUser' | 'liveMaxSocketsPerToken' | 'liveMaxSubscriptionsPerUser'
  >;
}

/**
 * The public face of the server: /api proxied upstream, the console, and operational routes.
 * The proxy sits outside the security-headers context: page headers (CSP and the like) mean
 * nothing on JSON, and setting a dozen headers per answer cost the proxy a third of its throughput.
 */
export async function createGateway({ upstreamUrl, consoleDist, logger, config }: GatewayOptions): Promise<FastifyInstance> {
  // A client gets this long to send its whole request, so slow senders cannot hold sockets open.
  const app = Fastify({ loggerInstance: logger, requestTimeout: 30_000 });
  await registerPressure(app);
  await registerProxy(app, { upstreamUrl, prefix: '/api' });
  await attachLiveHub(app, {
    upstreamUrl,
    logger: logger.child({ component: 'live' }),
    pollMs: config.livePollMs,
    allowedOrigins: config.liveAllowedOrigins,
    redisUrl: config.redisUrl,
    caps: {
      socketsPerUser: config.liveMaxSocketsPerUser,
      socketsPerToken: config.liveMaxSocketsPerToken,
      subscriptionsPerUser: config.liveMaxSubscriptionsPerUser,
    },
  });

  await app.register(async (site) => {
    await registerSecurityHeaders(site);
    // The reference backend serves its OpenAPI UI in development; the gateway shows it at the same path.
    if (!config.production) await registerProxy(site, { upstreamUrl, prefix: API_DOCS_PREFIX });
    registerHealth(site, upstreamUrl);
    registerAppConfig(site, config);
    await registerWallboard(site, config.wallboardDist);
    await registerConsole(site, consoleDist);
  });
  return app;
}
