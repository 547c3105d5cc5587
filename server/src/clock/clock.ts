/**
 * Time as the server's timed work sees it: the live hub's pollers, recovery probe and token
 * recheck, and the device simulator take one of these instead of reaching for the globals, so a
 * test can drive them with a clock it moves itself (manual-clock.ts) while sockets and the
 * database keep their real I/O.
 *
 * A callback may return a promise: the system clock ignores it, the manual clock waits for it,
 * so a test that moves time by an interval also waits for the work that interval started.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => unknown, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer | undefined): void;
  setInterval(callback: () => unknown, ms: number): ClockTimer;
  clearInterval(timer: ClockTimer | undefined): void;
}

/** Opaque: only the clock that made it knows what it is. */
export type ClockTimer = { readonly __clockTimer: true };

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as ClockTimer,
  clearTimeout: (timer) => clearTimeout(timer as unknown as NodeJS.Timeout | undefined),
  setInterval: (callback, ms) => setInterval(callback, ms) as unknown as ClockTimer,
  clearInterval: (timer) => clearInterval(timer as unknown as NodeJS.Timeout | undefined),
};
