import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  DISPLAY_HEARTBEAT_MS,
  LIVE_MAX_FRAME_BYTES,
  LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET,
  LIVE_PATH,
  LiveConnectErrors,
  LiveEvents,
  SESSION_ENDING_PATHS,
  SessionPaths,
  type LiveState,
  type LiveUpdate,
  type SubscribeAck,
} from '@pest/shared';
import { systemClock, type Clock } from '../../clock/clock.ts';
import { upstreamAnswers } from '../health.ts';
import { EventBudget } from './event-budget.ts';
import { frameProblem } from './frame-bounds.ts';
import { LiveLimits, type LiveCaps } from './live-limits.ts';
import { connectLiveRedis, type LiveRedis } from './live-redis.ts';
import { createMemoryLiveStore } from './live-store.ts';
import { PollerRegistry } from './poller-registry.ts';
import { safely } from './safely.ts';
import { createScopeCheck } from './scope-check.ts';
import { parseSubscription, subscriptionKey } from './subscription.ts';
import { tokenId, type LiveUser, type TokenValidator } from './token-validator.ts';
import { LIVE_TOPICS } from './topics/index.ts';
import { createUpstreamClient } from './upstream-client.ts';

export interface LiveHubOptions {
  upstreamUrl: string;
  /** Who each token belongs to, cached; shared with the gateway's per-person /api limit. Its TTL is the token recheck interval. */
  tokens: TokenValidator;
  logger: FastifyBaseLogger;
  pollMs: number;
  /** Origins besides the gateway's own that may open the socket (a dev server, a wallboard host). */
  allowedOrigins: readonly string[];
  redisUrl: string | null;
  /** Starts every key and channel this hub uses in Redis, so deployments sharing one stay apart. */
  redisPrefix: string;
  caps: LiveCaps;
  /** How often every socket's token is checked again with the upstream; a display link's heartbeat by default, so a revoked TV goes within it. */
  tokenRecheckMs?: number;
  /** What the pollers, the recovery probe and the token recheck wait on; the system's unless a test moves time. */
  clock?: Clock;
}

interface SocketData {
  user: LiveUser;
  token: string;
  tokenId: string;
  keys: Set<string>;
}
// Events are validated by hand when they arrive, not typed.
type AnyEvents = Record<string, (...args: unknown[]) => void>;
type LiveSocket = Socket<AnyEvents, AnyEvents, AnyEvents, SocketData>;

const keyRoom = (key: string) => `live:${key}`;
const tokenRoom = (id: string) => `token:${id}`;
/** Between gateway processes (Redis): a token was revoked on one of them. */
const TOKEN_REVOKED = 'live:token-revoked';
/** Between gateway processes: a call that may have ended other sessions (SESSION_ENDING_PATHS) succeeded on one of them. */
const TOKENS_RECHECK = 'live:tokens-recheck';
/** Frames one socket may send: a page change sends two or three, a flood is cut off. */
const FRAME_BUDGET = { burst: 40, perSecond: 10 };

/**
 * The push side of the gateway (docs/architecture.md, "Live push"): socket.io on the gateway's
 * HTTP server. It learns everything through the upstream's /api with each subscriber's token,
 * polls once per subscription key, and closes with the gateway. Every frame is bounded before it
 * is looked at and every handler is wrapped, so nothing a client sends can end the process.
 */
export async function attachLiveHub(app: FastifyInstance, options: LiveHubOptions): Promise<void> {
  const { logger, pollMs, clock = systemClock } = options;
  const upstream = createUpstreamClient(options.upstreamUrl, Math.max(pollMs, 5_000));
  const { tokens } = options;
  const io = new Server(app.server, {
    path: LIVE_PATH,
    serveClient: false,
    // Larger frames are cut at the transport (the socket closes) before anything parses them.
    maxHttpBufferSize: LIVE_MAX_FRAME_BYTES,
    allowRequest: (request, callback) => callback(null, originAllowed(request, options.allowedOrigins)),
  });

  let redis: LiveRedis | null = null;
  if (options.redisUrl) {
    redis = await connectLiveRedis({ url: options.redisUrl, prefix: options.redisPrefix, pollMs, logger });
    io.adapter(redis.adapter);
    io.on(TOKEN_REVOKED, (id: unknown) => typeof id === 'string' && tokens.revoke(id));
    io.on(TOKENS_RECHECK, () => void safely(logger, 'token recheck', recheckTokens)());
  }
  const store = redis?.store ?? createMemoryLiveStore();
  /** Through Redis to every gateway process, but only to this one's sockets while Redis is away. */
  const everywhere = () => (redis?.link.up === false ? io.local : io);

  const localSockets = () => io.of('/').sockets as Map<string, LiveSocket>;
  /**
   * The token is over (logged out, refused by the upstream): its sockets are told and closed in
   * every gateway process, and a reconnect with it is refused without waiting for the cache to age.
   */
  const revokeToken = (token: string) => {
    const id = tokenId(token);
    tokens.revoke(id);
    if (options.redisUrl) io.serverSideEmit(TOKEN_REVOKED, id);
    io.to(tokenRoom(id)).emit(LiveEvents.error, { message: LiveConnectErrors.unauthorized });
    // Locally at once; through the adapter for the other processes.
    io.local.in(tokenRoom(id)).disconnectSockets(true);
    if (options.redisUrl) io.in(tokenRoom(id)).disconnectSockets(true);
  };

  /** Asked afresh; an upstream that cannot answer leaves the token alone. */
  const tokenEnded = (token: string) => tokens.validate(token, { fresh: true }).then((user) => user === null, () => false);

  const registry = new PollerRegistry({
    store,
    upstream,
    broadcast: (event, payload: LiveUpdate | LiveState) => everywhere().to(keyRoom(payload.key)).emit(event, payload),
    onUnauthorized: revokeToken,
    owner: `${hostname()}:${process.pid}:${randomUUID()}`,
    intervalMs: pollMs,
    backoff: { baseMs: pollMs, capMs: Math.max(pollMs * 10, 30_000) },
    logger,
    clock,
  });
  // While Redis is away nothing is polled and every screen here is stale; new sockets are served
  // by this process alone, their subscriptions stale from the start.
  redis?.link.watch({ away: () => registry.pause(), back: () => registry.resume() });
  const limits = new LiveLimits(options.caps);
  const checkScope = createScopeCheck(upstream, store);

  const admit = async (socket: LiveSocket): Promise<Error | null> => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return new Error(LiveConnectErrors.unauthorized);
    let user: LiveUser | null;
    try {
      user = await tokens.validate(token);
    } catch {
      return new Error(LiveConnectErrors.unavailable);
    }
    if (!user) return new Error(LiveConnectErrors.unauthorized);
    const id = tokenId(token);
    const refusal = limits.admitSocket(socket.id, user.id, id);
    if (refusal) return new Error(refusal);
    socket.data = { user, token, tokenId: id, keys: new Set() };
    // Also when the client goes away before its connection completes (no disconnect event then).
    socket.conn.once('close', () => limits.releaseSocket(socket.id, user.id, id));
    return null;
  };
  io.use((socket: LiveSocket, next) => {
    admit(socket).then(
      (refusal) => next(refusal ?? undefined),
      (error: unknown) => {
        logger.error({ err: error }, 'live: handshake failed');
        next(new Error(LiveConnectErrors.unavailable));
      },
    );
  });

  io.on('connection', (socket: LiveSocket) => {
    const { user } = socket.data;
    void socket.join(tokenRoom(socket.data.tokenId));
    const budget = new EventBudget(FRAME_BUDGET);
    const refuseFrame = (reason: string) => {
      logger.info({ userId: user.id, reason }, 'live: socket closed for a bad frame');
      socket.emit(LiveEvents.error, { message: `frame refused: ${reason}` });
      socket.disconnect(true);
    };
    // Every frame passes here first, whatever its event, before any handler looks inside it.
    socket.use((packet, next) => {
      if (!budget.take()) return refuseFrame(`more than ${FRAME_BUDGET.perSecond} frames per second`);
      const problem = frameProblem(packet);
      if (problem) return refuseFrame(problem);
      next();
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'live: socket error'));

    const forgetKey = async (key: string) => {
      socket.data.keys.delete(key);
      limits.releaseKey(user.id, key, socket.id);
      await socket.leave(keyRoom(key));
      await registry.unsubscribe(socket.id, key);
    };

    socket.on(
      LiveEvents.subscribe,
      safely(logger, 'subscribe', async (request: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        const reply = (answer: SubscribeAck) => socket.connected && (ack as (answer: SubscribeAck) => void)(answer);
        const parsed = parseSubscription(request);
        if (!parsed.ok) return reply(parsed);
        const { topic, params } = parsed;
        const key = subscriptionKey(user.id, topic, params);
        const definition = LIVE_TOPICS[topic];
        if (!socket.data.keys.has(key)) {
          if (socket.data.keys.size >= LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET) {
            return reply({ ok: false, message: `at most ${LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection` });
          }
          const refusal = limits.reserveKey(user.id, key, socket.id);
          if (refusal) return reply({ ok: false, message: refusal, retryable: true });
          socket.data.keys.add(key);
          const verdict = await checkScope(key, socket.data.token, definition, params);
          if (!verdict.allowed) {
            await forgetKey(key);
            // A 401 for one topic is also how a token is kept from what it may not see (a display
            // link's token reaches few endpoints): only a token the upstream no longer knows is cut.
            if (verdict.unauthorized && (await tokenEnded(socket.data.token))) return revokeToken(socket.data.token);
            return reply({ ok: false, message: verdict.unauthorized ? `topic ${topic} refused for this login` : verdict.message });
          }
          // Unsubscribed or gone while the upstream was asked.
          if (!socket.connected || !socket.data.keys.has(key)) return;
        }
        await socket.join(keyRoom(key));
        const poller = registry.subscribe(socket.id, socket.data.token, key, topic, definition, params);
        reply({ ok: true, key });
        if (poller.isPaused) return void socket.emit(LiveEvents.state, { key, state: 'stale', asOf: poller.asOf });
        // A key someone already watches: catch this socket up with the whole current state.
        const state = await store.get(key).catch(() => null);
        if (state && socket.connected) {
          const full = definition.full(state.snapshot) as LiveUpdate['data'];
          socket.emit(LiveEvents.update, { key, topic, seq: state.seq, asOf: state.asOf, full: true, data: full });
          if (state.state === 'stale') socket.emit(LiveEvents.state, { key, state: 'stale', asOf: state.asOf });
        }
      }),
    );

    socket.on(
      LiveEvents.unsubscribe,
      safely(logger, 'unsubscribe', async (request: unknown) => {
        const key = typeof request === 'object' && request !== null ? (request as { key?: unknown }).key : undefined;
        if (typeof key === 'string' && socket.data.keys.has(key)) await forgetKey(key);
      }),
    );

    socket.on(
      'disconnect',
      safely(logger, 'disconnect', async () => {
        limits.releaseSocket(socket.id, user.id, socket.data.tokenId);
        await Promise.all([...socket.data.keys].map(forgetKey));
      }),
    );
  });

  // While pollers back off, one cheap probe per interval notices the upstream's return, so
  // recovery takes at most one interval however long the backoff had grown.
  const recoveryTimer = clock.setInterval(
    safely(logger, 'recovery probe', async () => {
      const failing = registry.failing;
      if (failing.length === 0) return;
      if (await upstreamAnswers(options.upstreamUrl)) for (const poller of failing) poller.wake();
    }),
    pollMs,
  );

  /** Every token this process holds sockets for, asked afresh: those that ended lose their sockets. */
  function recheckTokens() {
    const held = new Set([...localSockets().values()].map((socket) => socket.data.token));
    // Returned, so a test's manual clock waits for the answers before it moves on.
    return Promise.all(
      [...held].map((token) =>
        tokens
          // Fresh: a remembered answer would let an ended token live up to 30 s past its recheck.
          .validate(token, { fresh: true })
          .then((valid) => valid === null && revokeToken(token))
          // The upstream is down: the socket stays until it can be asked again.
          .catch(() => {}),
      ),
    );
  }

  // Logouts that pass through this gateway end the token's sockets at once, and so do the calls
  // that end other sessions (a password changed or reset, an account disabled); tokens that end
  // otherwise (expiry, a call through another door) are found by this periodic check.
  const recheckTimer = clock.setInterval(safely(logger, 'token recheck', recheckTokens), options.tokenRecheckMs ?? DISPLAY_HEARTBEAT_MS);

  // A callback, not a promise: this runs after every request the gateway answers.
  app.addHook('onResponse', (request, reply, done) => {
    done();
    if (request.method !== 'POST' || reply.statusCode !== 200) return;
    const path = request.url.split('?')[0]!;
    if (SESSION_ENDING_PATHS.includes(path)) {
      void safely(logger, 'token recheck', recheckTokens)();
      if (options.redisUrl) io.serverSideEmit(TOKENS_RECHECK);
    }
    if (path !== SessionPaths.logout) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token) safely(logger, 'logout', revokeToken)(token);
  });

  // Sockets go before the HTTP server closes, which would otherwise wait for them. Not io.close():
  // that closes the HTTP server too, which is Fastify's to close.
  app.addHook('preClose', async () => {
    clock.clearInterval(recoveryTimer);
    clock.clearInterval(recheckTimer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await registry.close();
    await store.close();
    await upstream.close();
    // The adapter unsubscribes before its clients quit, so nothing of it is left waiting on them.
    await io.of('/').adapter.close();
    await redis?.close();
  });
}

/**
 * Browsers always send Origin on a websocket handshake, so a page on another site cannot borrow
 * a user's token-less connection; requests without one come from non-browser clients, which
 * must present a token like anyone else. The /api proxy applies the same rule to its upgrades.
 */
export function originAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
