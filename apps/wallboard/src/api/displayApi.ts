import { DisplayEndpoints, DisplayPaths, StatusCode, type DisplayCodeResult, type EnvelopeOf } from '@pest/shared';
import { call, type Caller } from './http.ts';

/** What a display link shows; called at start and then as the screen's heartbeat. */
export const fetchDisplaySession = (caller: Caller) => call(caller, DisplayEndpoints.session);

/** A short code's answer: the link's token, or the server's reason (in the envelope) why not, with status 0 when it could not be reached. */
export type CodeAnswer = { token: string } | { refused: string | null; status: number };

/** Trades a link's short code for its token: no session yet, so no Authorization header. */
export async function redeemDisplayCode(code: string): Promise<CodeAnswer> {
  let response: Response;
  try {
    response = await fetch(DisplayPaths.redeem, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
      referrerPolicy: 'no-referrer',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { refused: null, status: 0 };
  }
  const envelope = (await response.json().catch(() => null)) as EnvelopeOf<DisplayCodeResult> | null;
  if (response.ok && envelope?.status === StatusCode.ok) return { token: envelope.data.token };
  return { refused: typeof envelope?.message === 'string' ? envelope.message : null, status: response.status };
}
