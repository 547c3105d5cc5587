/** The first retry waits about this long; each next one twice as long, up to RETRY_CAP_MS. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 10 * 60_000;

/**
 * How long to wait before attempt `attempts + 1`: capped exponential backoff with jitter (between
 * half and all of the step), so receivers that came back are not hit by every sender at once.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() / 2));
}
