import axios, { type AxiosRequestConfig } from 'axios';
import { Message } from '@arco-design/web-react';
import { API_BASE, Messages, REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, compactParams } from '@pest/shared';
import i18n from 'i18next';
import { interpretEnvelope, type EnvelopeOutcome, type ResponseFacts } from './envelope.ts';
import { beginRequest } from './pendingRequests.ts';
import { getToken, removeToken } from './token.ts';

export interface RequestOptions {
  /** Do not count this request in the loading overlay (e.g. when the caller shows its own spinner). */
  skipLoading?: boolean;
  /** Reject without any toast or dialog (e.g. logout, where a failure changes nothing for the user). */
  silent?: boolean;
}

/** A rejected request. `notified` says the user was already told, so callers do not toast twice. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: Exclude<EnvelopeOutcome['kind'], 'ok'>,
    readonly notified: boolean,
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
function react(outcome: Exclude<EnvelopeOutcome, { kind: 'ok' }>): boolean {
  switch (outcome.kind) {
    case 'error':
    case 'httpError':
      Message.error({ content: outcome.message, duration: TOAST_DURATION_MS });
      return true;
    case 'timeout':
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

/** The one way the console calls the API: envelope rules, bearer token, loading overlay, compact params. */
export async function request<T>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const endLoading = options.skipLoading ? undefined : beginRequest();
  let facts: ResponseFacts;
  try {
    const response = await client.request({
      ...config,
      params: isPlainObject(config.params) ? compactParams(config.params) : config.params,
      data: isPlainObject(config.data) ? compactParams(config.data) : config.data,
      headers: { ...config.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    facts = { httpStatus: response.status, body: response.data };
  } catch (error) {
    facts = factsFromFailure(error);
  } finally {
    endLoading?.();
  }

  const outcome = interpretEnvelope(facts);
  if (outcome.kind === 'ok') return outcome.data as T;
  const notified = options.silent ? false : react(outcome);
  const message = outcome.kind === 'timeout' ? i18n.t('errors:requestTimeout') : outcome.message;
  throw new RequestError(message, outcome.kind, notified);
}

/** Shared contract paths are full ('/api/…'); the client's baseURL already supplies the '/api'. */
export function underApi(path: `${typeof API_BASE}/${string}`): string {
  return path.slice(API_BASE.length);
}

export const http = {
  get: <T>(url: string, params?: object, options?: RequestOptions) => request<T>({ method: 'get', url, params }, options),
  post: <T>(url: string, data?: object, options?: RequestOptions) => request<T>({ method: 'post', url, data }, options),
  put: <T>(url: string, data?: object, options?: RequestOptions) => request<T>({ method: 'put', url, data }, options),
};

/** Shows a failure the http client has not already shown (e.g. 'Verification failed, please Login again.'). */
export function reportError(error: unknown): void {
  if (error instanceof RequestError && error.notified) return;
  const message = error instanceof Error && error.message !== '' ? error.message : Messages.genericError;
  Message.error({ content: message, duration: TOAST_DURATION_MS });
}
