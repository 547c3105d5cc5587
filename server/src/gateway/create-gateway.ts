import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_DOCS_BASE, DISPLAY_HEARTBEAT_MS } from '@pest/shared';
import { systemClock, type Clock } from '../clock/clock.ts';
import type { Config } from '../config.ts';
import { AccessLog } from './access-log.ts';
import { registerApi } from './api-context.ts';
import { clientErrorHandler, sendFrameworkError } from './api-errors.ts';
import { registerAppConfig } from './app-config.ts';
import { registerConsole } from './console-static.ts';
import { registerField } from './field-static.ts';
import { registerHealth } from './health.ts';
import { registerPressure } from './pressure.ts';
import { attachLiveHub } from './live/live-hub.ts';
import { createTokenValidator } from './live/token-validator.ts';
import { createUpstreamClient } from './live/upstream-client.ts';
import { registerProxy } from './proxy.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerWallboard } from './wallboard-static.ts';

export interface GatewayOptions {
  /** Where /api goes: the provider backend or the embedded reference backend. */
  upstreamUrl: string;
  /** The built console (apps/console/dist). */
  consoleDist: string;
  logger: FastifyBaseLogger;
  config: Pick<Config, 'wallboardUrl' | 'wallboardDist' | 'fieldDist' | 'adminUserIds' | 'apiDocs' | 'trustProxy' | 'livePollMs' | 'liveAllowedOrigins' | 'redisUrl' | 'redisPrefix'
    | 'liveMaxSocketsPerUser' | 'liveMaxSocketsPerToken' | 'liveMaxSubscriptionsPerUser'
  >;
  /** The live hub's timed work on a clock the tests move themselves; not configuration. */
  liveTiming?: { clock?: Clock; tokenRecheckMs?: number };
}

/**
 * The public face of the server: /api proxied upstream, the console, and operational routes.
 * The proxy sits outside the security-headers context: page headers (CSP and the like) mean
 * nothing on JSON, and setting a dozen headers per answer cost the proxy a third of its throughput.
 */
export async function createGateway({ upstreamUrl, consoleDist, logger, config, liveTiming }: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    logController: new AccessLog(),
    // A client gets this long to send its whole request, so slow senders cannot hold sockets open.
    requestTimeout: 30_000,
    // request.ip (forwarded upstream, keying the login limits) believes X-Forwarded-For only from these hops.
    trustProxy: trustedHops(config.trustProxy),
    frameworkErrors: sendFrameworkError,
    clientErrorHandler,
  });
  await registerPressure(app);
  // One cache of who each token belongs to, for the live hub's sockets and the per-person /api limit:
  // one upstream userInfo call per token per recheck interval, whichever asks.
  const identity = createUpstreamClient(upstreamUrl, Math.max(config.livePollMs, 5_000));
  app.addHook('onClose', () => identity.close());
  const tokens = createTokenValidator(identity, Math.min(30_000, liveTiming?.tokenRecheckMs ?? DISPLAY_HEARTBEAT_MS), (liveTiming?.clock ?? systemClock).now);
  await registerApi(app, upstreamUrl, tokens, config.liveAllowedOrigins);
  await attachLiveHub(app, {
    tokens,
    upstreamUrl,
    logger: logger.child({ component: 'live' }),
    pollMs: config.livePollMs,
    allowedOrigins: config.liveAllowedOrigins,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    caps: {
      socketsPerUser: config.liveMaxSocketsPerUser,
      socketsPerToken: config.liveMaxSocketsPerToken,
      subscriptionsPerUser: config.liveMaxSubscriptionsPerUser,
    },
    ...liveTiming,
  });

  await app.register(async (site) => {
    await registerSecurityHeaders(site, config.liveAllowedOrigins);
    // The reference backend serves its OpenAPI UI with API_DOCS=on; the gateway shows it at the same path.
    if (config.apiDocs) await site.register((docs) => registerProxy(docs, upstreamUrl), { prefix: API_DOCS_BASE });
    registerHealth(site, upstreamUrl);
    registerAppConfig(site, config);
    await registerWallboard(site, config.wallboardDist);
    await registerField(site, config.fieldDist);
    await registerConsole(site, consoleDist);
  });
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the last n hops", which its types do not spell. */
function trustedHops(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === null) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
