import { buffer } from 'node:stream/consumers';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { createAbortableUpstream } from './abortable-upstream.ts';
import { sendApiEnvelope, type EnvelopeReply } from './api-errors.ts';

/** Longest the gateway waits for the upstream's headers, then for each chunk of its body. */
export const UPSTREAM_TIMEOUT_MS = 20_000;

/**
 * An undici keep-alive pool to the upstream (without these options reply-from falls back to
 * node's http.Agent), with room for 128 requests in flight and the spec's 20 s request timeout.
 */
const upstreamPool = {
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 60_000,
  connectTimeout: 5_000,
  headersTimeout: UPSTREAM_TIMEOUT_MS,
  bodyTimeout: UPSTREAM_TIMEOUT_MS,
  // @fastify/reply-from turns certificate checks off unless told otherwise; `connect` wins over its default.
  connect: { rejectUnauthorized: true },
};

/**
 * Answers up to this size are read whole and sent in one write: piping small JSON bodies through
 * streams cost about a tenth of the proxy's throughput. Larger and unsized ones (exports) stream.
 */
const BUFFERED_BODY_MAX_BYTES = 256 * 1024;

/**
 * Forwards everything under the prefix `app` is registered with to the same path on the upstream.
 * With `websocket`, websocket upgrades under the prefix too (http-proxy's own `ws` server; it
 * takes only upgrades under its prefixes while socket.io listens for /live on the same server).
 */
export async function registerProxy(app: FastifyInstance, upstreamUrl: string, { websocket = false }: { websocket?: boolean } = {}) {
  const upstream = createAbortableUpstream(upstreamUrl, upstreamPool);
  upstream.track(app);
  await app.register(httpProxy, {
    upstream: upstreamUrl,
    rewritePrefix: app.prefix,
    undici: upstream.dispatcher,
    // Fastify already logs each request; reply-from would add two more lines per request.
    disableRequestLogging: true,
    websocket,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        // Replaced, never appended: the client's own X-Forwarded-For would otherwise reach an
        // upstream that trusts the gateway. request.ip already follows TRUST_PROXY's hops.
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
        // The address the browser used, for links the upstream writes into files (export photo URLs).
        'x-forwarded-host': request.host,
        // Lets the upstream's log lines be matched with the gateway's.
        'x-request-id': request.id,
      }),
      // Never let a browser sniff an API answer as HTML, nor keep one that does not say it may be kept.
      rewriteHeaders: (headers) => ({ 'cache-control': 'no-store', ...headers, 'x-content-type-options': 'nosniff' }),
      onResponse: (_request, reply, response) => {
        // The upstream's headers are on the reply already.
        const length = Number(reply.getHeader('content-length'));
        if (length <= BUFFERED_BODY_MAX_BYTES) {
          buffer(response.stream).then(
            (body) => reply.send(body),
            () => {
              // The upstream's length no longer describes what is sent.
              reply.removeHeader('content-length');
              sendUpstreamFailure(reply, 502);
            },
          );
        } else {
          reply.send(response.stream);
        }
      },
      // reply-from reports timeouts as 504 and every other failure to reach the upstream otherwise.
      onError: (reply, { error }) => sendUpstreamFailure(reply, (error as { statusCode?: number }).statusCode === 504 ? 504 : 502),
    },
  });
}

function sendUpstreamFailure(reply: EnvelopeReply, status: 502 | 504) {
  sendApiEnvelope(reply, status, status === 504 ? ApiMessages.upstreamTimeout : ApiMessages.upstreamUnavailable);
}
