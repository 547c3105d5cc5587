import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { sendApiEnvelope } from './api-errors.ts';
import { createForwarder, type UpstreamFailure } from './upstream-forwarder.ts';

/** Longest the gateway waits for the upstream's headers, then for each chunk of its body. */
export const UPSTREAM_TIMEOUT_MS = 20_000;

/**
 * An undici keep-alive pool to the upstream, with room for 128 requests in flight and the spec's
 * 20 s request timeout. One request per connection at a time: pipelined behind a year chart, a
 * sign-in would wait for it, and cancelling one request would cut the others on its connection.
 */
const upstreamPool = (timeoutMs: number) => ({
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 60_000,
  connectTimeout: 5_000,
  headersTimeout: timeoutMs,
  bodyTimeout: timeoutMs,
});

const FAILURE_ANSWERS: Record<UpstreamFailure, [status: number, message: string]> = {
  timeout: [504, ApiMessages.upstreamTimeout],
  unavailable: [502, ApiMessages.upstreamUnavailable],
  badRequest: [400, ApiMessages.badRequest],
};

/**
 * Forwards everything under the prefix `app` is registered with to the same path on the upstream.
 * @fastify/http-proxy owns the routes, the refusal of paths that would leave the prefix and, with
 * `websocket`, websocket upgrades under the prefix (its own `ws` server; it takes only upgrades
 * under its prefixes while socket.io listens for /live on the same server); plain requests go
 * through the gateway's own forwarder (upstream-forwarder.ts), which is the hot path.
 */
export async function registerProxy(
  app: FastifyInstance,
  upstreamUrl: string,
  { websocket = false, timeoutMs = UPSTREAM_TIMEOUT_MS }: { websocket?: boolean; timeoutMs?: number } = {},
) {
  const forwarder = createForwarder(upstreamUrl, upstreamPool(timeoutMs), {
    requestHeaders: (request, headers) => {
      // Replaced, never appended: the client's own X-Forwarded-For would otherwise reach an
      // upstream that trusts the gateway. request.ip already follows TRUST_PROXY's hops.
      headers['x-forwarded-for'] = request.ip;
      headers['x-forwarded-proto'] = request.protocol;
      // The address the browser used, for links the upstream writes into files (export photo URLs).
      headers['x-forwarded-host'] = request.host;
      // Lets the upstream's log lines be matched with the gateway's.
      headers['x-request-id'] = request.id;
      return headers;
    },
    // Never let a browser sniff an API answer as HTML, nor keep one that does not say it may be kept.
    responseHeaders: (headers) => ({ 'cache-control': 'no-store', ...headers, 'x-content-type-options': 'nosniff' }),
    onFailure: (reply: FastifyReply, failure) => {
      const [status, message] = FAILURE_ANSWERS[failure];
      sendApiEnvelope(reply, status, message);
    },
  });
  app.addHook('onClose', async () => forwarder.close());

  await app.register(httpProxy, {
    upstream: upstreamUrl,
    rewritePrefix: app.prefix,
    websocket,
    // `dest` is the request's path, checked to stay under the prefix; the query is the client's, as sent.
    handler: (request, reply, dest) => {
      const query = request.url.indexOf('?');
      forwarder.forward(request, reply, query < 0 ? dest : dest + request.url.slice(query));
    },
  });
}
