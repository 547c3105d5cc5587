import type { Static, TSchema } from '@sinclair/typebox';
import type { Permission } from '../contract/permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call costs the server. `heavy`: it aggregates over an organisation, a year or a long
 * list, so it runs under the per-user limit and the deadline, and identical calls of one user
 * share one answer. `download`: heavy, and streams a file, so each caller gets its own.
 */
export type EndpointLoad = 'light' | 'heavy' | 'download';

/**
 * Who may call it. `session`: a signed-in user (the default). `display`: also a display link's
 * token (the wallboard's own reads). `public`: anyone, e.g. sign-in or a file behind a signed link;
 * a public endpoint authenticates by its own means.
 */
export type EndpointAccess = 'session' | 'display' | 'public';

/**
 * One API endpoint, the one place its facts live: the backend registers its route from it
 * (validation, serialisation, OpenAPI, load and access policy), and the console, the wallboard and
 * the gateway call it through a client typed by it.
 */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Input extends TSchema | undefined = TSchema | undefined,
  Response extends TSchema | undefined = TSchema | undefined,
> {
  readonly method: Method;
  /** The full path, `/api/…`. */
  readonly path: string;
  /** The JSON body (POST, PUT) or the query string (GET, DELETE); none when the call takes nothing. */
  readonly input: Input;
  /** The success envelope; none for an answer that is not one (a file, an image). */
  readonly response: Response;
  /** URL path parameters (`/:file`), for the few routes that name a file in their path. */
  readonly params?: TSchema;
  /** HTTP statuses it may refuse with besides 400 and 401 (404 for one record), for its documentation. */
  readonly refusals: readonly number[];
  readonly load: EndpointLoad;
  readonly access: EndpointAccess;
  /** What the caller's roles must grant (contract/permissions.ts); none: any signed-in user, within their scope. */
  readonly permission?: Permission;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
}

type Definition<Method extends HttpMethod, Input extends TSchema | undefined, Response extends TSchema | undefined> = {
  method: Method;
  path: string;
  input?: Input;
  response?: Response;
  params?: TSchema;
  refusals?: readonly number[];
  load?: EndpointLoad;
  access?: EndpointAccess;
  permission?: Permission;
  tags: readonly string[];
  summary: string;
  description?: string;
};

/** An endpoint, light and for signed-in users unless it says otherwise. */
export function defineEndpoint<Method extends HttpMethod, Input extends TSchema | undefined = undefined, Response extends TSchema | undefined = undefined>(
  definition: Definition<Method, Input, Response>,
): Endpoint<Method, Input, Response> {
  return {
    ...definition,
    input: definition.input as Input,
    response: definition.response as Response,
    refusals: definition.refusals ?? [],
    load: definition.load ?? 'light',
    access: definition.access ?? 'session',
  };
}

/** What a call of the endpoint sends (its body or query). */
export type InputOf<E extends Endpoint> = E['input'] extends TSchema ? Static<E['input']> : undefined;

/** What a successful call answers: the envelope's data. */
export type DataOf<E extends Endpoint> = E['response'] extends TSchema ? Static<E['response']> extends { data: infer Data } ? Data : never : never;

/** Input as the caller writes it: optional when the endpoint takes none. */
export type InputArgs<E extends Endpoint, Options> = InputOf<E> extends undefined ? [input?: undefined, options?: Options] : [input: InputOf<E>, options?: Options];
