import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a database statement runs for, carried through async calls so that query code needs no
 * extra parameter:
 * - `signal` aborts when the request is abandoned (its client went away, or it ran past its
 *   deadline): statements not yet started are refused, and on PostgreSQL the running one is
 *   cancelled. PGlite runs a statement to its end once started (nothing can interrupt the wasm
 *   engine), so there a request stops at its next statement.
 * - `heavy` statements (charts, summaries, exports, background writers) wait behind interactive
 *   ones on PGlite, which runs one statement at a time: a burst of charts must not stall a sign-in.
 */
export interface QueryContext {
  signal: AbortSignal;
  heavy: boolean;
  /** Set for a background writer's statements (runAsBackgroundWriter): they take a bounded share of the pool. */
  background?: BackgroundRun;
}

/** One background writer run's hold on the share: statements running, and the wait for its slot while any are. */
export interface BackgroundRun {
  active: number;
  holding: Promise<void> | null;
  /** performance.now() until which the run rests after its last busy spell. */
  restUntil: number;
}

/** Why a request's database work was stopped: its client went away, or it ran past its deadline. */
export class QueryAbandoned extends Error {
  override name = 'QueryAbandoned';
  constructor(readonly why: 'client gone' | 'deadline') {
    super(`query abandoned: ${why}`);
  }
}

const storage = new AsyncLocalStorage<QueryContext>();

export function runWithQueryContext<T>(context: QueryContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentQueryContext(): QueryContext | undefined {
  return storage.getStore();
}

/** Throws the abort reason when the current request was abandoned. */
export function throwIfQueryAborted(): void {
  storage.getStore()?.signal.throwIfAborted();
}

const NEVER = new AbortController().signal;

/**
 * Runs `fn` in the current context without its signal: work that must end whole once begun (a
 * file's write, a download's reads) is not the request's to cancel, while its lane and, for a
 * background writer, its share of the pool stay.
 */
export function uncancellable<T>(fn: () => T): T {
  const context = storage.getStore();
  return context ? storage.run({ ...context, signal: NEVER }, fn) : fn();
}
