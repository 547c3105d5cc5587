import { RequestError } from '../http.ts';

/** Wait before the one retry: long enough for a restarted gateway to listen again (supervisor: 0.5 s). */
export const RETRY_DELAY_MS = 1_000;

/**
 * Retries once, only when no response arrived at all (a dropped connection). Everything the server
 * answered stands: an envelope error is its verdict, and 429/503 already say when to come back, so a
 * retry would only add load where the server is shedding it. A timeout (20 s) is not retried either:
 * the server was working and would be asked to do it all again.
 */
export function retryNetworkFailureOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof RequestError && error.kind === 'httpError' && error.httpStatus === undefined;
}
