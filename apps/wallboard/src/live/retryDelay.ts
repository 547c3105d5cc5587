/**
 * Exponential backoff with jitter: attempt 0 waits about `baseMs`, each next one twice as long up
 * to `capMs`, each spread by ±`jitter` so a room of screens does not come back in step.
 */
export function retryDelay(attempt: number, { baseMs, capMs, jitter = 0.5 }: { baseMs: number; capMs: number; jitter?: number }, random = Math.random): number {
  const plain = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(plain * (1 - jitter + 2 * jitter * random()));
}
