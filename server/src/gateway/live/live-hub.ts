import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET,
  LIVE_PATH,
  LiveConnectErrors,
  LiveEvents,
  type LiveState,
  type LiveUpdate,
  type SubscribeAck,
} from '@pest/shared';
import { upstreamAnswers } from '../health.ts';
import { createMemoryLiveStore, type LiveStore } from './live-store.ts';
import { PollerRegistry } from './poller-registry.ts';
import { createRedisLiveStore } from './redis-live-store.ts';
import { parseSubscription, subscriptionKey } from './subscription.ts';
import { createTokenValidator, type LiveUser } from './token-validator.ts';
import { LIVE_TOPICS } from './topics/index.ts';
import { createUpstreamClient } from './upstream-client.ts';

export interface LiveHubOptions {
  upstreamUrl: string;
  logger: FastifyBaseLogger;
  pollMs: number;
  /** Origins besides the gateway's own that may open the socket (a dev server, a wallboard host). */
  allowedOrigins: readonly string[];
  redisUrl: string | null;
  /** How often every socket's token is checked again with the upstream. */
  tokenRecheckMs?: number;
}

interface SocketData {
  user: LiveUser;
  token: string;
  keys: Set<string>;
}
// Events are validated by hand when they arrive, not typed.
type AnyEvents = Record<string, (...args: any[]) => void>;
type LiveSocket = Socket<AnyEvents, AnyEvents, AnyEvents, SocketData>;

const room = (key: string) => `live:${key}`;

/**
 * The push side of the gateway (ARCHITECTURE.md, "Live transport"): socket.io on the gateway's
 * HTTP server. It learns everything through the upstream's /api with each subscriber's token,
 * polls once per subscription key, and closes with the gateway.
 */
export async function attachLiveHub(app: FastifyInstance, options: LiveHubOptions): Promise<void> {
  const { logger, pollMs } = options;
  const upstream = createUpstreamClient(options.upstreamUrl, Math.max(pollMs, 5_000));
  const validate = createTokenValidator(upstream, Math.min(30_000, options.tokenRecheckMs ?? 60_000));
  const io = new Server(app.server, {
    path: LIVE_PATH,
    serveClient: false,
    allowRequest: (request, callback) => callback(null, originAllowed(request, options.allowedOrigins)),
  });

  let store: LiveStore = createMemoryLiveStore();
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const publisher = new Redis(options.redisUrl, { lazyConnect: true });
    const subscriber = publisher.duplicate();
    await Promise.all([publisher.connect(), subscriber.connect()]);
    redisClients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber));
    store = createRedisLiveStore(publisher, { stateTtlMs: pollMs * 20 });
  }

  const localSockets = () => io.of('/').sockets as Map<string, LiveSocket>;
  const dropToken = (token: string) => {
    for (const socket of localSockets().values()) {
      if (socket.data.token !== token) continue;
      socket.emit(LiveEvents.error, { message: LiveConnectErrors.unauthorized });
      socket.disconnect(true);
    }
  };

  const registry = new PollerRegistry({
    store,
    upstream,
    broadcast: (event, payload: LiveUpdate | LiveState) => io.to(room(payload.key)).emit(event, payload),
    onUnauthorized: dropToken,
    owner: `${hostname()}:${process.pid}:${randomUUID()}`,
    intervalMs: pollMs,
    backoff: { baseMs: pollMs, capMs: Math.max(pollMs * 10, 30_000) },
    logger,
  });

  io.use(async (socket: LiveSocket, next) => {
    const token = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return next(new Error(LiveConnectErrors.unauthorized));
    try {
      const user = await validate(token);
      if (!user) return next(new Error(LiveConnectErrors.unauthorized));
      socket.data = { user, token, keys: new Set() };
      next();
    } catch {
      next(new Error(LiveConnectErrors.unavailable));
    }
  });

  io.on('connection', (socket: LiveSocket) => {
    socket.on(LiveEvents.subscribe, async (request: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const reply = ack as (answer: SubscribeAck) => void;
      const parsed = parseSubscription(request);
      if (!parsed.ok) return reply(parsed);
      const key = subscriptionKey(socket.data.user.id, parsed.topic, parsed.params);
      if (!socket.data.keys.has(key) && socket.data.keys.size >= LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET) {
        return reply({ ok: false, message: `at most ${LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection` });
      }
      const definition = LIVE_TOPICS[parsed.topic];
      socket.data.keys.add(key);
      await socket.join(room(key));
      registry.subscribe(socket.id, socket.data.token, key, parsed.topic, definition, parsed.params);
      reply({ ok: true, key });
      // A key someone already watches: catch this socket up with the whole current state.
      const state = await store.get(key).catch(() => null);
      if (state && socket.connected) {
        const full = definition.full(state.snapshot) as LiveUpdate['data'];
        socket.emit(LiveEvents.update, { key, topic: parsed.topic, seq: state.seq, asOf: state.asOf, full: true, data: full });
        if (state.state === 'stale') socket.emit(LiveEvents.state, { key, state: 'stale', asOf: state.asOf });
      }
    });

    socket.on(LiveEvents.unsubscribe, async (request: unknown) => {
      const key = (request as { key?: unknown } | null)?.key;
      if (typeof key !== 'string' || !socket.data.keys.delete(key)) return;
      await socket.leave(room(key));
      await registry.unsubscribe(socket.id, key);
    });

    socket.on('disconnect', () => {
      for (const key of socket.data.keys) void registry.unsubscribe(socket.id, key);
      socket.data.keys.clear();
    });
  });

  // While pollers back off, one cheap probe per interval notices the upstream's return, so
  // recovery takes at most one interval however long the backoff had grown.
  const recoveryTimer = setInterval(() => {
    const failing = registry.failing;
    if (failing.length === 0) return;
    void upstreamAnswers(options.upstreamUrl).then((answers) => {
      if (answers) for (const poller of failing) poller.wake();
    });
  }, pollMs);

  const recheckTimer = setInterval(() => {
    const tokens = new Set([...localSockets().values()].map((socket) => socket.data.token));
    for (const token of tokens) {
      validate(token)
        .then((user) => user === null && dropToken(token))
        // The upstream is down: the socket stays until it can be asked again.
        .catch(() => {});
    }
  }, options.tokenRecheckMs ?? 60_000);

  // Sockets go before the HTTP server closes, which would otherwise wait for them. Not io.close():
  // that closes the HTTP server too, which is Fastify's to close.
  app.addHook('preClose', async () => {
    clearInterval(recoveryTimer);
    clearInterval(recheckTimer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await registry.close();
    await store.close();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  });
}

/**
 * Browsers always send Origin on a websocket handshake, so a page on another site cannot borrow
 * a user's token-less connection; requests without one come from non-browser clients, which
 * must present a token like anyone else.
 */
function originAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
