import axios, { type AxiosRequestConfig } from 'axios';
import { Message } from '@arco-design/web-react';
import {
  API_BASE,
  REQUEST_TIMEOUT_MS,
  TOAST_DURATION_MS,
  compactParams,
  endpointRequest,
  type DataOf,
  type Endpoint,
  type InputArgs,
  type InputOf,
} from '@pest/shared';
import i18n from 'i18next';
import { interfaceLanguage } from './language.ts';
import { interpretEnvelope, type EnvelopeOutcome, type ResponseFacts } from './envelope.ts';
import { beginRequest } from './pendingRequests.ts';
import { getToken, removeToken } from './token.ts';

export interface RequestOptions {
  /** Do not count this request in the loading overlay (e.g. when the caller shows its own spinner). */
  skipLoading?: boolean;
  /** Reject without any toast or dialog (e.g. logout, where a failure changes nothing for the user). */
  silent?: boolean;
  /**
   * No error toast: the caller shows its own empty state (option lists, console-spec section 8:
   * "most list-call failures are silently swallowed"). Unlike `silent`, an ended session is still
   * handled, or the user would be left looking at empty lists instead of the login page.
   */
  quiet?: boolean;
  /**
   * The caller shows a refusal that names a field (`RequestError.field`) under that field, so it
   * is not toasted as well; refusals that name none are toasted as usual.
   */
  showsFieldRefusals?: boolean;
  /**
   * Send the body as given: in a write, an empty text, an empty list or a null clears a field, where
   * a query's empty filters are left out (compactParams).
   */
  exactBody?: boolean;
  /** The loading overlay's text while this request is pending (console-spec section 8: 正在导出...). */
  loadingText?: string;
  /**
   * Aborts the request (TanStack Query's, when a newer request supersedes it or nobody watches it
   * any more), so the server stops its work too. An aborted request rejects with axios'
   * CanceledError and tells nobody.
   */
  signal?: AbortSignal;
}

/** A rejected request. `notified` says the user was already told, so callers do not toast twice. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: Exclude<EnvelopeOutcome['kind'], 'ok'>,
    readonly notified: boolean,
    /** The HTTP status, absent when no response arrived (network failure, timeout). */
    readonly httpStatus?: number,
    /** The request body property the server's refusal is about. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

const client = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  // Every status resolves: interpretEnvelope alone decides what a response means.
  validateStatus: () => true,
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function factsFromFailure(error: unknown): ResponseFacts {
  if (axios.isAxiosError(error)) {
    return {
      httpStatus: error.response?.status,
      body: error.response?.data,
      errorMessage: error.message,
      timedOut: error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT',
    };
  }
  return { errorMessage: error instanceof Error ? error.message : String(error) };
}

let reLoginDialogOpen = false;

/** The side effects of each outcome (console-spec section 8); returns whether the user was told. */
function react(outcome: Exclude<EnvelopeOutcome, { kind: 'ok' }>, quiet: boolean): boolean {
  switch (outcome.kind) {
    case 'error':
    case 'httpError':
      if (quiet) return false;
      Message.error({ content: outcome.message, duration: TOAST_DURATION_MS });
      return true;
    case 'timeout':
      if (quiet) return false;
      Message.error({ content: i18n.t('errors:requestTimeout'), duration: TOAST_DURATION_MS });
      return true;
    case 'loggedOut':
      removeToken();
      window.location.reload();
      return true;
    case 'unauthorized':
      // Dropping the token is enough: the route guard sends the user to /login?redirect=<here>.
      removeToken();
      Message.warning({ id: 'session-expired', content: i18n.t('errors:sessionExpired'), duration: TOAST_DURATION_MS });
      return true;
    case 'reLogin':
      if (reLoginDialogOpen) return true;
      reLoginDialogOpen = true;
      void import('./reLoginDialog.ts').then(({ confirmReLogin }) =>
        confirmReLogin(
          () => {
            removeToken();
            window.location.reload();
          },
          () => {
            reLoginDialogOpen = false;
          },
        ),
      );
      return true;
  }
}

/**
 * Compact params and body; the interface language, in which the API writes its own texts (table
 * headers, 合计, exports); the bearer token unless told the request leaves the console's origin.
 */
function prepare(config: AxiosRequestConfig, withToken = true, exactBody = false): AxiosRequestConfig {
  const token = withToken ? getToken() : undefined;
  return {
    ...config,
    params: isPlainObject(config.params) ? compactParams(config.params) : config.params,
    data: isPlainObject(config.data) && !exactBody ? compactParams(config.data) : config.data,
    headers: { ...config.headers, 'Accept-Language': interfaceLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  };
}

function fail(outcome: Exclude<EnvelopeOutcome, { kind: 'ok' }>, options: RequestOptions, httpStatus: number | undefined): never {
  const field = 'field' in outcome ? outcome.field : undefined;
  const shownByCaller = options.silent || (options.showsFieldRefusals === true && field !== undefined);
  const notified = shownByCaller ? false : react(outcome, options.quiet ?? false);
  const message = outcome.kind === 'timeout' ? i18n.t('errors:requestTimeout') : outcome.message;
  throw new RequestError(message, outcome.kind, notified, httpStatus, field);
}

/** The one way the console calls the API: envelope rules, bearer token, loading overlay, compact params. */
export async function request<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
  const endLoading = options.skipLoading ? undefined : beginRequest(options.loadingText);
  let facts: ResponseFacts;
  try {
    const response = await client.request({ ...prepare(config, true, options.exactBody), signal: options.signal ?? config.signal });
    facts = { httpStatus: response.status, body: response.data };
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    facts = factsFromFailure(error);
  } finally {
    endLoading?.();
  }

  const outcome = interpretEnvelope(facts);
  if (outcome.kind === 'ok') return outcome.data as T;
  return fail(outcome, options, facts.httpStatus);
}

/** A file as the server sent it. */
export interface BinaryResponse {
  blob: Blob;
  /** The raw Content-Disposition header, when there is one. */
  contentDisposition: string | undefined;
}

// axios' own test for a URL that ignores baseURL.
const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** The token goes to the API only: a signed file link on another host (object storage) never sees it. */
function staysOnOrigin(url: string | undefined): boolean {
  return !url || !ABSOLUTE_URL.test(url) || new URL(url, window.location.href).origin === window.location.origin;
}

async function readJson(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return undefined;
  }
}

/** An export failure names its reason in `errorMessage` first (console-spec section 8). */
function preferErrorMessage(body: unknown): unknown {
  if (!isPlainObject(body) || typeof body.errorMessage !== 'string' || body.errorMessage === '') return body;
  return { ...body, message: body.errorMessage };
}

/**
 * A file (export or report) through the same client: overlay (with `loadingText`), token, and the
 * same failure handling, since a refused download answers with an envelope in JSON. `url` is a path
 * under /api or an absolute URL. Aborting through `config.signal` rejects with axios' CanceledError
 * and tells nobody.
 */
export async function requestBinary(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<BinaryResponse> {
  const endLoading = options.skipLoading ? undefined : beginRequest(options.loadingText);
  let facts: ResponseFacts;
  try {
    const response = await client.request<Blob>({
      ...prepare(config, staysOnOrigin(config.url)),
      signal: options.signal ?? config.signal,
      responseType: 'blob',
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    if (response.status >= 200 && response.status < 300 && !isJson) {
      const disposition: unknown = response.headers['content-disposition'];
      return { blob: response.data, contentDisposition: typeof disposition === 'string' ? disposition : undefined };
    }
    facts = { httpStatus: response.status, body: isJson ? preferErrorMessage(await readJson(response.data)) : undefined };
  } catch (error) {
    if (axios.isCancel(error)) throw error;
    facts = factsFromFailure(error);
  } finally {
    endLoading?.();
  }

  const outcome = interpretEnvelope(facts);
  // JSON where a file was expected is a failure even when its envelope says 200.
  return fail(outcome.kind === 'ok' ? { kind: 'error', message: i18n.t('errors:genericError') } : outcome, options, facts.httpStatus);
}

/** Shared contract paths are full ('/api/…'); the client's baseURL already supplies the '/api'. */
export function underApi(path: `${typeof API_BASE}/${string}`): string {
  return path.slice(API_BASE.length);
}

/**
 * The one way the console calls an endpoint of the contract: its method, path and input from the
 * endpoint's definition, its answer typed by it, and the envelope rules of `request`.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: InputArgs<E, RequestOptions>): Promise<DataOf<E>> {
  const { method, url, body } = endpointRequest(endpoint, input as InputOf<E>);
  return request<DataOf<E>>({ method, url: url.slice(API_BASE.length), data: body }, options);
}

/** Shows a failure the http client has not already shown (e.g. 'Verification failed, please Login again.'). */
export function reportError(error: unknown): void {
  if (error instanceof RequestError && error.notified) return;
  const message = error instanceof Error && error.message !== '' ? error.message : i18n.t('errors:genericError');
  Message.error({ content: message, duration: TOAST_DURATION_MS });
}
