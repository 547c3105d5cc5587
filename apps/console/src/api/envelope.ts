import i18n from 'i18next';
import { StatusCode } from '@pest/shared';

/** What the transport saw: a response (any HTTP status) or a failure before one arrived. */
export interface ResponseFacts {
  /** HTTP status, absent when no response arrived (network error, timeout). */
  httpStatus?: number;
  body?: unknown;
  /** The transport's own error text (e.g. axios' "Network Error"). */
  errorMessage?: string;
  timedOut?: boolean;
}

/** How the console must react to one response (console-spec section 8). */
export type EnvelopeOutcome =
  | { kind: 'ok'; data: unknown }
  /**
   * Envelope status other than 200: toast the message (or 'Error') and reject. `field`: the
   * refusal is about this body property, and a form that shows it under the field skips the toast.
   */
  | { kind: 'error'; message: string; field?: string }
  /** Envelope status 100: the server logged the user out; clear the session and reload. */
  | { kind: 'loggedOut'; message: string }
  /** Envelope status 50008/50012/50014: ask whether to log in again. */
  | { kind: 'reLogin'; message: string }
  /** HTTP 401: clear the session and go to the login page. */
  | { kind: 'unauthorized'; message: string }
  | { kind: 'timeout' }
  /** Any other HTTP or network failure: toast its message (`field` as for 'error'). */
  | { kind: 'httpError'; message: string; field?: string };

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

/** The spec's 'Error' (section 8) in the interface language, read each time so it follows a switch. */
const genericError = () => i18n.t('errors:genericError');

function messageOf(envelope: EnvelopeLike | undefined): string | undefined {
  const message = envelope?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The body property a refusal names (`data.field`), the one place the console reads it. */
function fieldOf(envelope: EnvelopeLike | undefined): { field?: string } {
  const data = envelope?.data;
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { field } : {};
}

export function interpretEnvelope(facts: ResponseFacts): EnvelopeOutcome {
  const envelope = asEnvelope(facts.body);
  const message = messageOf(envelope);

  if (facts.timedOut) return { kind: 'timeout' };
  if (facts.httpStatus === 401) return { kind: 'unauthorized', message: message ?? facts.errorMessage ?? genericError() };
  if (facts.httpStatus === undefined || facts.httpStatus < 200 || facts.httpStatus >= 300) {
    // Gateways answer some failures (e.g. rate limiting) with an envelope: its text beats the transport's.
    return { kind: 'httpError', message: message ?? facts.errorMessage ?? genericError(), ...fieldOf(envelope) };
  }

  if (!envelope) return { kind: 'error', message: genericError() };
  if (envelope.status === StatusCode.ok) {
    // "On success the data field is returned if present" — otherwise the envelope itself.
    return { kind: 'ok', data: envelope.data === undefined ? envelope : envelope.data };
  }
  if (envelope.status === StatusCode.loggedOut) return { kind: 'loggedOut', message: message ?? genericError() };
  if (StatusCode.reLogin.includes(envelope.status)) return { kind: 'reLogin', message: message ?? genericError() };
  return { kind: 'error', message: message ?? genericError(), ...fieldOf(envelope) };
}
