/** The first retry of a part that failed; each further failure doubles the wait. */
const FIRST_RETRY_MS = 2_000;

/**
 * How long the board waits before asking again for the parts that failed (a busy server's 503 or
 * 429, a dropped connection), after `failures` failures in a row: 2, 4, 8, 16 s, then never later
 * than the regular poll. A board started while the server was busy fills within seconds of it
 * recovering instead of showing 暂无数据 until the next poll.
 */
export function partRetryDelayMs(failures: number, pollMs: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), pollMs);
}
