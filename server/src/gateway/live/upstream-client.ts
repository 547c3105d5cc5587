import { Agent, fetch } from 'undici';
import { endpointRequest, endsSession, interpretEnvelope, type DataOf, type Endpoint, type InputArgs, type InputOf, type ResponseFacts } from '@pest/shared';

/** The upstream refused the token: the subscriber's session is over. */
export class UpstreamUnauthorizedError extends Error {}
/** The upstream could not answer (down, slow, 5xx, an envelope error): the topic goes stale. */
export class UpstreamFailureError extends Error {}
/** The upstream answered that this request is wrong for this user (not found, not theirs, invalid): asking again will not help. */
export class UpstreamRefusedError extends Error {}

/** Client errors that are about the moment (timeout, throttling) rather than the request. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

export interface UpstreamClient {
  /** A call of an endpoint of the contract with the subscriber's token, its answer typed by the endpoint. */
  call<E extends Endpoint>(token: string, endpoint: E, ...[input]: InputArgs<E, never>): Promise<DataOf<E>>;
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
  const send = async (token: string, endpoint: Endpoint, input: unknown): Promise<unknown> => {
    const { method, url, body } = endpointRequest(endpoint, input as InputOf<Endpoint>);
    let facts: ResponseFacts;
    try {
      const response = await fetch(new URL(url, upstreamUrl), {
        dispatcher: agent,
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      facts = { httpStatus: response.status, body: await response.json().catch(() => undefined) };
    } catch (error) {
      throw new UpstreamFailureError(`${endpoint.path}: ${(error as Error).message}`);
    }
    const outcome = interpretEnvelope(facts);
    if (outcome.kind === 'ok') return outcome.data;
    if (endsSession(outcome)) throw new UpstreamUnauthorizedError(endpoint.path);
    const said = `${endpoint.path}: HTTP ${facts.httpStatus} ${'message' in outcome ? (outcome.message ?? '') : ''}`.trim();
    const status = facts.httpStatus ?? 0;
    if (status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status)) throw new UpstreamRefusedError(said);
    throw new UpstreamFailureError(said);
  };
  return {
    call: <E extends Endpoint>(token: string, endpoint: E, ...[input]: InputArgs<E, never>) => send(token, endpoint, input) as Promise<DataOf<E>>,
    close: () => agent.destroy().catch(() => undefined),
  };
}
