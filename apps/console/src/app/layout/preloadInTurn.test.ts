import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_BUSY_RETRY_MS, PRELOAD_START_MS, preloadInTurn } from './preloadInTurn.ts';

describe('preloadInTurn', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  };

  it('starts after the first screen has had its turn, then loads one at a time, waiting while the app fetches', async () => {
    let fetching = true;
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const load = (name: string) => () => {
      started.push(name);
      return new Promise<void>((resolve) => finish.push(resolve));
    };
    preloadInTurn([load('texts'), load('a'), load('b')], { busy: () => fetching, later });

    await vi.advanceTimersByTimeAsync(PRELOAD_START_MS + PRELOAD_BUSY_RETRY_MS * 3);
    expect(started).toEqual([]);
    fetching = false;
    await vi.advanceTimersByTimeAsync(PRELOAD_BUSY_RETRY_MS);
    expect(started).toEqual(['texts']);
    // The next waits for the one running.
    await vi.advanceTimersByTimeAsync(PRELOAD_BUSY_RETRY_MS);
    expect(started).toEqual(['texts']);
    finish[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['texts', 'a']);
    finish[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['texts', 'a', 'b']);
  });

  it('goes on past a load that fails, and stops when told', async () => {
    const started: string[] = [];
    const stop = preloadInTurn(
      [
        () => (started.push('broken'), Promise.reject(new Error('offline'))),
        () => (started.push('next'), Promise.resolve()),
        () => (started.push('after the stop'), Promise.resolve()),
      ],
      { busy: () => false, later },
    );
    await vi.advanceTimersByTimeAsync(PRELOAD_START_MS);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['broken', 'next']);
    stop();
    await vi.advanceTimersByTimeAsync(PRELOAD_START_MS);
    expect(started).toEqual(['broken', 'next']);
  });
});
