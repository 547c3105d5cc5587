import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';

/**
 * Answers up to this size are gathered and written with their headers in one go; larger and
 * unsized ones (exports, PDFs, zips) stream through with backpressure, never held whole.
 */
export const BUFFERED_BODY_MAX_BYTES = 256 * 1024;

/** Why the upstream gave no usable answer, for the caller's envelope. */
export type UpstreamFailure = 'timeout' | 'unavailable' | 'badRequest';

export interface ForwarderOptions {
  /** The headers the upstream gets, from the client's (hop-by-hop ones already taken out). */
  requestHeaders(request: FastifyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders;
  /** The headers the client gets, from the upstream's (hop-by-hop ones already taken out). */
  responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders;
  /** Answers a request whose upstream call failed before anything was sent to the client. */
  onFailure(reply: FastifyReply, failure: UpstreamFailure): void;
}

/**
 * The /api hot path: one undici dispatch per request, straight from Fastify's request to the raw
 * response. The general route through @fastify/reply-from (a response stream per answer, a Blob
 * to buffer it, an AbortController and a map to cancel it, a Fastify reply to send it) cost
 * about four times the CPU of nginx per request; this writes a small answer with one writeHead
 * and one end, streams a large one, and cancels the upstream call with undici's own controller.
 */
export function createForwarder(upstreamUrl: string, poolOptions: Pool.Options, options: ForwarderOptions) {
  const pool = new Pool(upstreamUrl, poolOptions);
  const host = new URL(upstreamUrl).host;
  return {
    /** Sends `request` to `path` (with its query) on the upstream and its answer back through `reply`. */
    forward(request: FastifyRequest, reply: FastifyReply, path: string) {
      const body = request.body instanceof Readable ? request.body : null;
      const headers = withoutHopByHop(request.headers);
      headers.host = host;
      // Without a body to send (GET, HEAD, or one Fastify did not read), a length would not match.
      if (!body) delete headers['content-length'];
      const handler = new ForwardingHandler(request, reply, options);
      pool.dispatch({ path, method: request.method as Dispatcher.HttpMethod, headers: options.requestHeaders(request, headers), body }, handler);
    },
    close: () => pool.destroy().catch(() => {}),
  };
}

/** Headers meant for one connection only (RFC 9110 §7.6.1), plus those the Connection header names. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings', 'host']);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',').map((name) => name.trim()) : [];
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !named.includes(name)) kept[name] = headers[name];
  }
  // Node answered `Expect: 100-continue` already; undici refuses to send it on.
  delete kept.expect;
  return kept;
}

class ForwardingHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private clientGone = false;
  /** The client has its answer, or its failure: nothing more may be sent. */
  private settled = false;
  private status = 0;
  private headers: OutgoingHttpHeaders = {};
  /** The answer gathered so far, or null once it streams. */
  private chunks: Buffer[] | null = [];

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwarderOptions,
  ) {
    // A client that goes away before its answer is complete ends the upstream call, so the
    // upstream can stop the work (the reference backend stops the request's database work).
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      this.clientGone = true;
      this.controller?.abort(new Error('the client went away'));
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller;
    // Gone while the request waited for a free upstream connection.
    if (this.clientGone) controller.abort(new Error('the client went away'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders) {
    this.status = statusCode;
    this.headers = this.options.responseHeaders(withoutHopByHop(headers));
    const length = Number(headers['content-length']);
    if (length <= BUFFERED_BODY_MAX_BYTES) return;
    this.chunks = null;
    if (!this.writeHead()) controller.abort(new Error('the upstream sent headers the client cannot be sent'));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.chunks) {
      this.chunks.push(chunk);
      return;
    }
    const raw = this.reply.raw;
    if (!raw.write(chunk)) {
      controller.pause();
      raw.once('drain', () => controller.resume());
    }
  }

  onResponseEnd() {
    if (!this.chunks) {
      this.reply.raw.end();
      return;
    }
    if (!this.writeHead()) return;
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.reply.raw.end(body.toString('latin1'), 'latin1');
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error & { code?: string }) {
    if (this.clientGone || this.settled) return;
    this.settled = true;
    if (this.reply.raw.headersSent) {
      // Half an answer is out: cutting the connection is the only way to say it is not whole.
      this.reply.raw.destroy(error);
      return;
    }
    this.request.log.warn({ err: error }, 'upstream request failed');
    for (const [name, value] of Object.entries(this.closeIfBodyUnread())) this.reply.header(name, value);
    this.options.onFailure(this.reply, failureOf(error));
  }

  /**
   * An upstream that answers before it has read the whole body (a 401 before a large upload)
   * leaves the client's body half read: undici has begun reading it, so Node will not drain the
   * rest, and the next request the client sends on this keep-alive connection would wait behind
   * it for ever. Such a connection is closed once the answer is out.
   */
  private closeIfBodyUnread(): OutgoingHttpHeaders {
    return this.request.raw.complete ? {} : { connection: 'close' };
  }

  /** Hands the response over from Fastify (its logging and onResponse hooks still run) and writes the head. */
  private writeHead(): boolean {
    try {
      // Headers the gateway's hooks set on the reply go out too, under the upstream's.
      this.reply.raw.writeHead(this.status, { ...(this.reply.getHeaders() as OutgoingHttpHeaders), ...this.headers, ...this.closeIfBodyUnread() });
    } catch (error) {
      this.settled = true;
      this.request.log.warn({ err: error }, 'upstream answer has headers that cannot be forwarded');
      this.options.onFailure(this.reply, 'unavailable');
      return false;
    }
    this.reply.hijack();
    return true;
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** undici refuses what it cannot send (a header value, a method): the client's request was at fault. */
const REFUSED_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

function failureOf(error: { code?: string }): UpstreamFailure {
  if (error.code && TIMEOUT_CODES.has(error.code)) return 'timeout';
  if (error.code && REFUSED_CODES.has(error.code)) return 'badRequest';
  return 'unavailable';
}
