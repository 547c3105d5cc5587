import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiMessages, DEVICE_REPORT_MAX_BYTES, DevicePaths, IntegrationPaths, OSS_PUBLIC_PATH, SessionPaths, UPLOAD_DOCUMENT_MAX_BYTES, UPLOAD_SHEET_MAX_BYTES, WEBHOOK_MAX_BYTES } from '@pest/shared';
import { sendApiEnvelope } from './api-errors.ts';

/** The largest /api body the gateway forwards: the reference backend's own limit (Fastify's default). */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for the policy fields of an object-store upload besides its file. */
const UPLOAD_FORM_FIELDS_BYTES = 128 * 1024;
/**
 * A refused body is still read and dropped so the keep-alive connection can carry the next
 * request; one announced larger than this is not worth reading, and its connection is closed.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

interface BodyRule {
  limitBytes: number;
  /** Whether the route needs a session token (the rest carry their own credentials in the request). */
  needsSession: boolean;
}

const SESSION_ROUTE: BodyRule = { limitBytes: API_BODY_LIMIT_BYTES, needsSession: true };
/** POST routes reached without a session token: login, signed device reports, signed-policy uploads. */
const OWN_CREDENTIAL_ROUTES: Record<string, BodyRule> = {
  [SessionPaths.login]: { limitBytes: API_BODY_LIMIT_BYTES, needsSession: false },
  [DevicePaths.report]: { limitBytes: DEVICE_REPORT_MAX_BYTES, needsSession: false },
  // An import's sheet or a PDF is the largest upload (images are held to 3 MB by the store).
  [OSS_PUBLIC_PATH]: { limitBytes: Math.max(UPLOAD_SHEET_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES) + UPLOAD_FORM_FIELDS_BYTES, needsSession: false },
};

/** A network server's webhooks, one path per integration (its id, and CTWing's token, in the path). */
const WEBHOOK_ROUTE: BodyRule = { limitBytes: WEBHOOK_MAX_BYTES, needsSession: false };

function ruleFor(request: FastifyRequest): BodyRule {
  if (request.method !== 'POST') return SESSION_ROUTE;
  const path = request.url.split('?', 1)[0]!;
  if (path.startsWith(`${IntegrationPaths.webhook}/`)) return WEBHOOK_ROUTE;
  return OWN_CREDENTIAL_ROUTES[path] ?? SESSION_ROUTE;
}

/**
 * The gateway refuses an oversized /api body itself, before the upstream sees a byte: streamed on,
 * the upstream's early refusal cut the upload and came back as a 502. Without a session token on
 * a route that needs one the answer is 401, as the upstream would give, so size tells nothing.
 */
export function limitApiBodies(api: FastifyInstance): void {
  api.addHook('onRequest', (request, reply, done) => {
    const declared = request.headers['content-length'];
    const rule = declared === undefined ? null : ruleFor(request);
    const bytes = Number(declared);
    if (!rule || bytes <= rule.limitBytes) return done();
    if (bytes > DRAIN_MAX_BYTES) reply.header('connection', 'close');
    refuse(request, reply, rule);
  });

  // A chunked body announces no size: it is read here, up to the limit, and forwarded from memory.
  api.addHook('preParsing', (request, reply, payload, done) => {
    if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] === undefined) return done(null, payload);
    const rule = ruleFor(request);
    readWithin(payload, rule.limitBytes).then(
      (body) => {
        if (body) return done(null, new PassThrough().end(body));
        refuse(request, reply, rule);
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, rule: BodyRule): FastifyReply {
  if (rule.needsSession && !request.headers.authorization?.trim()) return sendApiEnvelope(reply, 401, ApiMessages.sessionExpired);
  return sendApiEnvelope(reply, 413, ApiMessages.payloadTooLarge);
}

/**
 * The whole body when it fits in `limitBytes`, else null with the rest left flowing into nothing:
 * destroying the request instead would close the client's connection.
 */
function readWithin(stream: Readable, limitBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      stream.off('data', onData).off('end', onEnd).off('error', reject);
      stream.on('error', () => undefined).resume();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    stream.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
