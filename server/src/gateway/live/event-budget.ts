/**
 * How many frames one socket may send: a bucket of `burst` frames refilled at `perSecond`. A client
 * sends a few frames per page change; one that floods is cut off before its frames cost upstream calls.
 */
export class EventBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limits: { burst: number; perSecond: number },
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.last = now();
  }

  /** Spends one frame; false when the budget is exhausted. */
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((at - this.last) / 1000) * this.limits.perSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
