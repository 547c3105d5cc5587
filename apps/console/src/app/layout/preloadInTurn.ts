/** How long after the layout mounts the loading ahead starts: the first screen's own loads go first. */
export const PRELOAD_START_MS = 1_000;
/** How long to wait again while the app is fetching data someone waits for. */
export const PRELOAD_BUSY_RETRY_MS = 500;

export interface PreloadScheduler {
  /** Whether data someone waits for is being fetched (then the next load waits). */
  busy(): boolean;
  /** Runs `run` after `ms`; returns what cancels it. */
  later(run: () => void, ms: number): () => void;
}

/**
 * Runs `loads` one after another, each once the app is not fetching, so loading screens ahead
 * never competes with the answers on screen. A load that fails is skipped (the screen loads when
 * opened). Returns what stops the rest.
 */
export function preloadInTurn(loads: readonly (() => Promise<unknown>)[], scheduler: PreloadScheduler): () => void {
  const queue = [...loads];
  let stopped = false;
  let cancel = scheduler.later(next, PRELOAD_START_MS);

  function next() {
    if (stopped || queue.length === 0) return;
    if (scheduler.busy()) {
      cancel = scheduler.later(next, PRELOAD_BUSY_RETRY_MS);
      return;
    }
    queue
      .shift()!()
      .catch(() => undefined)
      .then(() => {
        cancel = scheduler.later(next, 0);
      });
  }

  return () => {
    stopped = true;
    cancel();
  };
}
