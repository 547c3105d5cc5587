import { describe, expect, it } from 'vitest';
import { createManualClock } from './manual-clock.ts';

describe('manual clock', () => {
  it('runs timers in order of their time, then of their creation, and only when moved', async () => {
    const clock = createManualClock(0);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(`b@${clock.now()}`), 20);
    clock.setTimeout(() => ran.push(`a@${clock.now()}`), 10);
    clock.setTimeout(() => ran.push(`c@${clock.now()}`), 20);
    expect(ran).toEqual([]);
    await clock.advance(19);
    expect(ran).toEqual(['a@10']);
    await clock.advance(1);
    expect(ran).toEqual(['a@10', 'b@20', 'c@20']);
    expect(clock.now()).toBe(20);
    expect(clock.pending).toBe(0);
  });

  it('keeps an interval on its period and stops it when cleared', async () => {
    const clock = createManualClock(0);
    const at: number[] = [];
    const timer = clock.setInterval(() => at.push(clock.now()), 100);
    await clock.advance(350);
    expect(at).toEqual([100, 200, 300]);
    clock.clearInterval(timer);
    await clock.advance(1_000);
    expect(at).toHaveLength(3);
  });

  it('waits for the promise a callback returns, and runs what it schedules within the same advance', async () => {
    const clock = createManualClock(0);
    const at: number[] = [];
    const chain = () =>
      clock.setTimeout(async () => {
        // Real I/O, as a poll's HTTP round trip: the clock must not run ahead of it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        at.push(clock.now());
        chain();
      }, 100);
    chain();
    await clock.advance(500);
    expect(at).toEqual([100, 200, 300, 400, 500]);
    expect(clock.pending).toBe(1);
  });

  it('runs two advances one after the other', async () => {
    const clock = createManualClock(0);
    const at: number[] = [];
    clock.setInterval(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      at.push(clock.now());
    }, 10);
    await Promise.all([clock.advance(20), clock.advance(20)]);
    expect(at).toEqual([10, 20, 30, 40]);
  });
});
