import { DISPLAY_SCREEN_HEADER, StatusCode, type EnvelopeOf } from '@pest/shared';

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
 * One call to the gateway's /api. The token goes only in the Authorization header, never in the
 * URL, and no Referer is sent (the page's own URL once held the token).
 */
export async function callApi<T>(caller: Caller, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${caller.token}`,
        ...(caller.screenId ? { [DISPLAY_SCREEN_HEADER]: caller.screenId } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      referrerPolicy: 'no-referrer',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new RequestFailed(error instanceof Error ? error.message : String(error));
  }
  let envelope: EnvelopeOf<T>;
  try {
    envelope = (await response.json()) as EnvelopeOf<T>;
  } catch {
    if (response.status === 401) throw new TokenRejected(null);
    throw new RequestFailed(`HTTP ${response.status} without a JSON body`);
  }
  if (response.status === 401 || envelope.status === StatusCode.loggedOut || StatusCode.reLogin.includes(envelope.status)) {
    throw new TokenRejected(typeof envelope.message === 'string' ? envelope.message : null);
  }
  if (envelope.status !== StatusCode.ok) throw new RequestFailed(`${path}: ${envelope.message}`);
  return envelope.data;
}
