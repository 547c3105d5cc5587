import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { WALLBOARD_BASE } from '@pest/shared';

/** The wallboard receives the token in its URL: no page under it may send a Referer anywhere. */
export const NO_REFERRER_PREFIXES = [WALLBOARD_BASE];

/**
 * Where pages may connect: their own origin ('self', which covers ws:/wss: to the same host in
 * today's browsers) and the live origins allowed besides it, over HTTP (socket.io's polling) and
 * WebSocket. Never any ws:/wss: host, which would let injected script send data anywhere.
 */
export function connectSources(liveAllowedOrigins: readonly string[]): string[] {
  const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');
  return ["'self'", ...liveAllowedOrigins.flatMap((origin) => [origin, socketOrigin(origin)])];
}

export async function registerSecurityHeaders(app: FastifyInstance, liveAllowedOrigins: readonly string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Arco Design sets inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for chart and map exports saved as images.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(liveAllowedOrigins),
        workerSrc: ["'self'", 'blob:'],
        // Job-order PDF reports are previewed in a frame.
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        // Helmet's default would rewrite every asset URL to https and break plain-http installs.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (NO_REFERRER_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('referrer-policy', 'no-referrer');
    }
  });
}
