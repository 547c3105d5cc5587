export interface BackoffOptions {
  /** Delay after the first failure. */
  baseMs: number;
  /** No wait is ever longer than this, so recovery is noticed within one cap of the upstream returning. */
  capMs: number;
}

/**
 * "Full jitter" exponential backoff: a random wait between half and all of min(cap, base·2^n).
 * The randomness spreads the retries of many pollers that failed together, so a recovering
 * upstream is not hit by all of them in the same instant.
 */
export function backoffDelay(failures: number, { baseMs, capMs }: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
