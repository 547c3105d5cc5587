import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorBody, type Endpoint, type EnvelopeOf } from '@pest/shared';
import { underApi } from './api-path.ts';
import { emptyBodyWhenAbsent } from './optional-body.ts';
import { FileStream } from './responses.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint the route was registered from: its load and access policy are read from it. */
    endpoint?: Endpoint;
  }
}

type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The request a handler of `E` gets: its body or query typed by the endpoint, its path parameters as strings. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: E['method'] extends 'POST' | 'PUT' ? StaticOr<E['input'], unknown> : unknown;
  Querystring: E['method'] extends 'GET' | 'DELETE' ? StaticOr<E['input'], unknown> : unknown;
  Params: Record<string, string>;
}>;

/** What a handler answers: the endpoint's envelope, or anything for an endpoint whose answer is a file (sent on the reply). */
type EndpointAnswer<E extends Endpoint> = E['response'] extends TSchema ? EnvelopeOf<Static<E['response']> extends { data: infer Data } ? Data : never> : unknown;

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>> | EndpointAnswer<E>;

/** What a route needs beyond its endpoint: facts of the server's own, not of the contract. */
export interface RouteExtras {
  /** Route config beyond the endpoint's policy: a per-address rate limit, say. */
  config?: Omit<FastifyContextConfig, 'endpoint' | 'public'>;
  /** The query of a file behind a signed link: the link's signature, a server schema. */
  querystring?: TSchema;
  /** The path parameters of such a file, when its name is the backend's business (not the endpoint's `params`). */
  params?: TSchema;
  /** Checks the route makes after validation, authentication and load control: a screen form's rules. */
  preHandler?: preHandlerAsyncHookHandler;
  /** The success answer of an endpoint that answers no envelope (a file, an image), for its documentation. */
  fileAnswer?: TSchema;
}

/**
 * The documented refusals, each with the error envelope: 400 for input it reads (any body, even
 * one it ignores, can be malformed JSON), 401 unless public, 403 with a permission, and the endpoint's own.
 */
const refusalsOf = (endpoint: Endpoint, inQuery: boolean, extras: RouteExtras) => {
  const validates =
    !inQuery || endpoint.input !== undefined || endpoint.params !== undefined || extras.params !== undefined || extras.querystring !== undefined;
  // 403 for a caller whose roles lack the endpoint's permission.
  const statuses = [...(validates ? [400] : []), ...(endpoint.access === 'public' ? [] : [401]), ...(endpoint.permission ? [403] : []), ...endpoint.refusals];
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
};

/** A body of optional fields only (filters): a request without one is validated as `{}`. */
const optionalBody = (endpoint: Endpoint, inQuery: boolean) =>
  !inQuery && endpoint.input !== undefined && ((endpoint.input as { required?: unknown[] }).required ?? []).length === 0;

/**
 * Registers `endpoint` in the /api plugin `app`: its path, method, validation of the body or
 * query, the answer's serialisation and OpenAPI entry, and its policy in the route's config
 * (load control and authentication read it there). Nothing about an endpoint is written twice.
 */
export function endpointRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  // A download's file is documented as one unless the route says what it is.
  const answer = endpoint.response ?? extras.fileAnswer ?? (endpoint.load === 'download' ? FileStream : undefined);
  (app as TypedApp).route({
    method: endpoint.method,
    url: underApi(endpoint.path),
    config: { ...extras.config, endpoint: endpoint as Endpoint, ...(endpoint.access === 'public' ? { public: true } : {}) },
    ...(optionalBody(endpoint, inQuery) ? { preValidation: emptyBodyWhenAbsent } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.input ? (inQuery ? { querystring: endpoint.input } : { body: endpoint.input }) : {}),
      ...(extras.querystring ? { querystring: extras.querystring } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(extras.params ? { params: extras.params } : {}),
      ...(endpoint.access === 'public' ? { security: [] } : {}),
      response: { ...(answer ? { 200: answer } : {}), ...refusalsOf(endpoint, inQuery, extras) },
    },
    handler: handler as never,
  });
}
