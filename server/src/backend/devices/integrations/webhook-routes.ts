import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiMessages, ErrorBody, IntegrationKind, IntegrationMessages, WEBHOOK_MAX_BYTES, WebhookEndpoints, type Endpoint } from '@pest/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../common/secret-box.ts';
import { underApi } from '../../api-path.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok } from '../../envelope.ts';
import { isUnauthorised, oneNetVerificationReply, parseOneNetPush } from '../ingest/sources/onenet.ts';
import type { IntegrationRunner } from './integration-runner.ts';
import { hashSecret } from './integration-writes.ts';
import { enqueueMessage } from './uplink-queue.ts';

interface WebhookIntegration {
  id: number;
  kind: string;
  enabled: boolean;
  headerName: string | null;
  secretHash: string | null;
  sealed: string | null;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The doors network servers push through. Each checks the integration's own secret (a header, the
 * URL's token, OneNET's signature) before it keeps anything, answers at once, and leaves the
 * uplink to the queue: network servers throttle or drop a receiver that answers slowly.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ db: Db; box: SecretBox; runner: IntegrationRunner; now(): Date }> = async (app, { db, box, runner, now }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => {
    try {
      JSON.parse(body as string);
      done(null, body);
    } catch {
      done(new ApiError(400, `${ApiMessages.badRequest}: ${ApiMessages.invalidJson}`), undefined);
    }
  });

  const integrationOf = async (rawId: string): Promise<WebhookIntegration> => {
    const [row] = await db.query<WebhookIntegration>(
      `select id, kind, enabled, settings->>'headerName' as "headerName", secret_hash as "secretHash", sealed_secret as sealed from integrations where id = $1`,
      [Number(rawId)],
    );
    // Unknown and disabled alike: a caller without the secret learns nothing of which integrations exist.
    if (!row || !row.enabled || row.kind === IntegrationKind.chirpstackMqtt || row.kind === IntegrationKind.ttnMqtt) throw new ApiError(401, IntegrationMessages.badSecret);
    return row;
  };
  const refuse = (request: FastifyRequest, integrationId: number): never => {
    request.log.warn({ integrationId, ip: request.ip }, 'webhook refused: bad secret or signature');
    throw new ApiError(401, IntegrationMessages.badSecret);
  };
  const accept = async (integration: WebhookIntegration, request: FastifyRequest, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
    const event = (request.query as { event?: unknown } | undefined)?.event;
    await enqueueMessage(db, integration.id, typeof event === 'string' ? event.slice(0, 32) : undefined, text, now());
    runner.queued();
    return ok(null);
  };
  const schema = (endpoint: Endpoint) => ({
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    description: endpoint.description,
    params: endpoint.params,
    response: { 200: endpoint.response, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
    security: [],
  });

  app.post(underApi(WebhookEndpoints.push.path), { config: { endpoint: WebhookEndpoints.push as Endpoint, public: true }, schema: schema(WebhookEndpoints.push as Endpoint) }, async (request) => {
    const integration = await integrationOf((request.params as { id: string }).id);
    if (integration.kind === IntegrationKind.onenetHttp) {
      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(String(request.body));
      } catch {
        parsedBody = null;
      }
      const parsed = parseOneNetPush(parsedBody, integration.sealed ? box.open(integration.sealed) : '', now());
      if (!parsed.ok && isUnauthorised(parsed)) refuse(request, integration.id);
      return accept(integration, request, request.body);
    }
    if (integration.kind === IntegrationKind.ctwingHttp || !integration.secretHash) return refuse(request, integration.id);
    const sent = request.headers[(integration.headerName ?? '').toLowerCase()];
    if (typeof sent !== 'string' || !sameHash(hashSecret(sent), integration.secretHash)) return refuse(request, integration.id);
    return accept(integration, request, request.body);
  });

  app.post(
    underApi(WebhookEndpoints.pushWithToken.path),
    { config: { endpoint: WebhookEndpoints.pushWithToken as Endpoint, public: true }, schema: schema(WebhookEndpoints.pushWithToken as Endpoint) },
    async (request) => {
      const { id, token } = request.params as { id: string; token: string };
      const integration = await integrationOf(id);
      if (integration.kind !== IntegrationKind.ctwingHttp || !integration.secretHash || !sameHash(hashSecret(token), integration.secretHash)) {
        return refuse(request, integration.id);
      }
      return accept(integration, request, request.body);
    },
  );

  app.get(
    underApi(WebhookEndpoints.verify.path),
    {
      config: { endpoint: WebhookEndpoints.verify as Endpoint, public: true },
      schema: { ...schema(WebhookEndpoints.verify as Endpoint), querystring: WebhookEndpoints.verify.input, response: { 400: ErrorBody, 401: ErrorBody } },
    },
    async (request, reply: FastifyReply) => {
      const integration = await integrationOf((request.params as { id: string }).id);
      if (integration.kind !== IntegrationKind.onenetHttp || !integration.sealed) return refuse(request, integration.id);
      const answer = oneNetVerificationReply(request.query, box.open(integration.sealed));
      if (answer === undefined) return refuse(request, integration.id);
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
};

