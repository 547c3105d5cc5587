export interface BackoffOptions {
  /** Delay after the first failure. */
  baseMs: number;
  /** No wait is ever longer than this, so recovery is noticed within one cap of the other side returning. */
  capMs: number;
}

/**
 * The one backoff of the live push, for the gateway's pollers and for the apps' reconnects:
 * "full jitter" exponential, a random wait between half and all of min(cap, base·2^(failures-1)).
 * The randomness spreads the retries of many that failed together (pollers after an upstream
 * outage, consoles after a gateway restart), so whatever recovers is not hit all in one instant.
 */
export function backoffDelay(failures: number, { baseMs, capMs }: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
