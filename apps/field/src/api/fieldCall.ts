import { endpointRequest, endsSession, interpretEnvelope, type DataOf, type Endpoint, type InputArgs, type InputOf, type ResponseFacts } from '@pest/shared';

/** The browser's fetch, or a test's. */
export type Fetcher = typeof fetch;

/**
 * What one call came to, in the terms the outbox acts on. `refused`: the server said no to this
 * call (a 4xx other than 401, or a refusal in the envelope), so sending it again will not help;
 * `failed`: no answer, a timeout, a 5xx or a 429, worth retrying; `signedOut`: the token is gone.
 */
export type CallResult<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'refused'; message: string | null; httpStatus: number | null }
  | { kind: 'failed'; message: string | null }
  | { kind: 'signedOut'; message: string | null };

const TIMEOUT_MS = 20_000;
/** 4xx that say "not now" rather than "no". */
const RETRYABLE_4XX = [408, 425, 429];

export function resultOf(facts: ResponseFacts): CallResult<unknown> {
  const outcome = interpretEnvelope(facts);
  if (outcome.kind === 'ok') return { kind: 'ok', data: outcome.data };
  const message = 'message' in outcome ? (outcome.message ?? null) : null;
  if (endsSession(outcome)) return { kind: 'signedOut', message };
  if (outcome.kind === 'error') return { kind: 'refused', message, httpStatus: facts.httpStatus ?? null };
  const status = outcome.kind === 'httpError' ? outcome.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500 && !RETRYABLE_4XX.includes(status)) return { kind: 'refused', message, httpStatus: status };
  return { kind: 'failed', message };
}

/**
 * One call of an endpoint of the contract: its request from the shared definition, its answer read
 * by the shared envelope rules. The token goes in the Authorization header only (null: no session yet).
 */
export async function fieldCall<E extends Endpoint>(fetcher: Fetcher, token: string | null, endpoint: E, ...[input]: InputArgs<E, never>): Promise<CallResult<DataOf<E>>> {
  const { method, url, body } = endpointRequest(endpoint, input as InputOf<E>);
  let facts: ResponseFacts;
  try {
    const response = await fetcher(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    facts = { httpStatus: response.status, body: await response.json().catch(() => undefined) };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    facts = { errorMessage: error instanceof Error ? error.message : String(error), timedOut };
  }
  return resultOf(facts) as CallResult<DataOf<E>>;
}
