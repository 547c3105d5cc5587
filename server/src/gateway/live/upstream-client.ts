import { Agent, fetch, type Response } from 'undici';
import { StatusCode, type EnvelopeOf } from '@pest/shared';

/** The upstream refused the token: the subscriber's session is over. */
export class UpstreamUnauthorizedError extends Error {}
/** The upstream could not answer (down, slow, 5xx, an envelope error): the topic goes stale. */
export class UpstreamFailureError extends Error {}
/** The upstream answered that this request is wrong for this user (not found, not theirs, invalid): asking again will not help. */
export class UpstreamRefusedError extends Error {}

/** Client errors that are about the moment (timeout, throttling) rather than the request. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

export interface UpstreamClient {
  get<T>(token: string, path: string, query?: Record<string, string | number>): Promise<T>;
  post<T>(token: string, path: string, body: unknown): Promise<T>;
}

/**
 * The live hub's only way to learn anything: the same /api calls a browser makes, with the
 * subscriber's own token, so the upstream's tenant rules decide what each user sees.
 */
export function createUpstreamClient(
  upstreamUrl: string,
  timeoutMs: number,
): UpstreamClient & { /** Ends its connections, calls in flight included. */ close(): Promise<void> } {
  // Its own connections rather than the process-wide ones, so closing the hub closes them: kept
  // alive past it, one still busy when the upstream began to close held that close for the
  // upstream's keep-alive timeout (72 s).
  const agent = new Agent();
  const call = async <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(new URL(path, upstreamUrl), {
        dispatcher: agent,
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new UpstreamFailureError(`${path}: ${(error as Error).message}`);
    }
    if (response.status === 401) {
      await response.body?.cancel();
      throw new UpstreamUnauthorizedError(path);
    }
    const envelope = (await response.json().catch(() => null)) as EnvelopeOf<T> | null;
    if (envelope && (envelope.status === StatusCode.loggedOut || StatusCode.reLogin.includes(envelope.status))) {
      throw new UpstreamUnauthorizedError(path);
    }
    if (response.status >= 400 && response.status < 500 && !TRANSIENT_CLIENT_ERRORS.has(response.status)) {
      throw new UpstreamRefusedError(`${path}: HTTP ${response.status} ${envelope?.message ?? ''}`.trim());
    }
    if (!response.ok || !envelope || envelope.status !== StatusCode.ok) {
      throw new UpstreamFailureError(`${path}: HTTP ${response.status} ${envelope?.message ?? ''}`.trim());
    }
    return envelope.data;
  };
  return {
    get: (token, path, query) => {
      const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
      return call(token, 'GET', `${path}${search}`);
    },
    post: (token, path, body) => call(token, 'POST', path, body),
    close: () => agent.destroy().catch(() => undefined),
  };
}
