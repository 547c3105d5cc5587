import {
  DISPLAY_SCREEN_HEADER,
  endpointRequest,
  endsSession,
  interpretEnvelope,
  type DataOf,
  type Endpoint,
  type InputArgs,
  type InputOf,
  type ResponseFacts,
} from '@pest/shared';

/** Who calls: the token, and for a display link the screen's id, so the server can count its screens. */
export interface Caller {
  token: string;
  screenId?: string;
}

/** The gateway refused the token (HTTP 401, or an envelope that ends the session): retrying soon will not help. */
export class TokenRejected extends Error {
  constructor(
    /** The envelope's reason, when there was one: a display link says it was revoked or has expired. */
    readonly reason: string | null,
  ) {
    super(`token rejected${reason ? `: ${reason}` : ''}`);
    this.name = 'TokenRejected';
  }
}

/** Any other failure: network, timeout, an upstream error. Worth retrying. */
export class RequestFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestFailed';
  }
}

const TIMEOUT_MS = 15_000;

/**
 * One call of an endpoint of the contract through the gateway. The token goes only in the
 * Authorization header, never in the URL, and no Referer is sent (the page's own URL once held the
 * token). What the answer means is the shared reading every client uses.
 */
export async function call<E extends Endpoint>(caller: Caller, endpoint: E, ...[input]: InputArgs<E, never>): Promise<DataOf<E>> {
  const { method, url, body } = endpointRequest(endpoint, input as InputOf<E>);
  let facts: ResponseFacts;
  try {
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${caller.token}`,
        ...(caller.screenId ? { [DISPLAY_SCREEN_HEADER]: caller.screenId } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      referrerPolicy: 'no-referrer',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    facts = { httpStatus: response.status, body: await response.json().catch(() => undefined) };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    facts = { errorMessage: error instanceof Error ? error.message : String(error), timedOut };
  }
  const outcome = interpretEnvelope(facts);
  if (outcome.kind === 'ok') return outcome.data as DataOf<E>;
  if (endsSession(outcome)) throw new TokenRejected('message' in outcome ? (outcome.message ?? null) : null);
  throw new RequestFailed(`${endpoint.path}: ${'message' in outcome ? (outcome.message ?? outcome.kind) : outcome.kind}`);
}
