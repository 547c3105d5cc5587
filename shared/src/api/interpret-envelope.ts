import { StatusCode } from '../contract/envelope.ts';

/** What the transport saw: a response (any HTTP status) or a failure before one arrived. */
export interface ResponseFacts {
  /** HTTP status, absent when no response arrived (network error, timeout). */
  httpStatus?: number;
  body?: unknown;
  /** The transport's own error text (e.g. axios' "Network Error"). */
  errorMessage?: string;
  timedOut?: boolean;
}

/**
 * What one response means (console-spec section 8), for every client alike. `message` is the
 * server's text when it gave one, else the transport's; a client supplies its own word for none.
 */
export type EnvelopeOutcome =
  | { kind: 'ok'; data: unknown }
  /** Envelope status other than 200. `field`: the refusal is about this body property. */
  | { kind: 'error'; message?: string; field?: string }
  /** Envelope status 100: the server logged the user out. */
  | { kind: 'loggedOut'; message?: string }
  /** Envelope status 50008/50012/50014: the session must be opened again. */
  | { kind: 'reLogin'; message?: string }
  /** HTTP 401: no valid session. */
  | { kind: 'unauthorized'; message?: string }
  | { kind: 'timeout' }
  /** Any other HTTP or network failure; `httpStatus` absent when no response arrived. */
  | { kind: 'httpError'; message?: string; field?: string; httpStatus?: number };

/** Outcomes that end the caller's session: asking again with the same token will not help. */
export function endsSession(outcome: EnvelopeOutcome): boolean {
  return outcome.kind === 'unauthorized' || outcome.kind === 'loggedOut' || outcome.kind === 'reLogin';
}

interface EnvelopeLike {
  status: number;
  message?: unknown;
  data?: unknown;
}

function asEnvelope(body: unknown): EnvelopeLike | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const status = (body as { status?: unknown }).status;
  return typeof status === 'number' ? (body as EnvelopeLike) : undefined;
}

function messageOf(envelope: EnvelopeLike | undefined): string | undefined {
  const message = envelope?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The body property a refusal names (`data.field`), the one place it is read. */
function fieldOf(envelope: EnvelopeLike | undefined): { field?: string } {
  const data = envelope?.data;
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { field } : {};
}

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export function interpretEnvelope(facts: ResponseFacts): EnvelopeOutcome {
  const envelope = asEnvelope(facts.body);
  const message = messageOf(envelope);

  if (facts.timedOut) return { kind: 'timeout' };
  if (facts.httpStatus === 401) return defined({ kind: 'unauthorized', message: message ?? facts.errorMessage });
  // The session's end outranks the HTTP status it came with.
  if (envelope?.status === StatusCode.loggedOut) return defined({ kind: 'loggedOut', message });
  if (envelope && StatusCode.reLogin.includes(envelope.status)) return defined({ kind: 'reLogin', message });
  if (facts.httpStatus === undefined || facts.httpStatus < 200 || facts.httpStatus >= 300) {
    // Gateways answer some failures (e.g. rate limiting) with an envelope: its text beats the transport's.
    return defined({ kind: 'httpError', message: message ?? facts.errorMessage, httpStatus: facts.httpStatus, ...fieldOf(envelope) });
  }
  if (!envelope) return { kind: 'error' };
  if (envelope.status === StatusCode.ok) {
    // "On success the data field is returned if present" — otherwise the envelope itself.
    return { kind: 'ok', data: envelope.data === undefined ? envelope : envelope.data };
  }
  return defined({ kind: 'error', message, ...fieldOf(envelope) });
}
