import { currentQueryContext } from './query-context.ts';

/**
 * PGlite runs one statement at a time, synchronously, on the thread that calls it: while a heavy
 * statement runs, this process reads no socket. Its own lock is first come, first served; this
 * queue in front of it
 * - lets interactive statements overtake the heavy ones queued by charts and exports;
 * - lets the event loop read sockets before each heavy statement, so that a request arriving
 *   during a burst of charts gets its statements into the interactive lane before the next heavy
 *   one starts, instead of waiting for the whole burst;
 * - refuses the statements of requests abandoned while they waited.
 */
export function createStatementQueue() {
  const lanes = { interactive: [] as (() => void)[], heavy: [] as (() => void)[] };
  let busy = false;
  let yielding = false;

  const startNext = () => {
    const start = lanes.interactive.shift() ?? lanes.heavy.shift();
    if (!start) return;
    busy = true;
    start();
  };

  const pump = () => {
    if (busy || yielding) return;
    if (lanes.interactive.length > 0) return startNext();
    if (lanes.heavy.length === 0) return;
    yielding = true;
    setImmediate(() => {
      yielding = false;
      if (!busy) startNext();
    });
  };

  return async function run<T>(statement: () => Promise<T>): Promise<T> {
    const context = currentQueryContext();
    context?.signal.throwIfAborted();
    await new Promise<void>((resolve) => {
      (context?.heavy ? lanes.heavy : lanes.interactive).push(resolve);
      pump();
    });
    try {
      context?.signal.throwIfAborted();
      return await statement();
    } finally {
      busy = false;
      pump();
    }
  };
}
