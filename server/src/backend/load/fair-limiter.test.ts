import { describe, expect, it } from 'vitest';
import { createFairLimiter, LimitExceeded } from './fair-limiter.ts';

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fair limiter', () => {
  it('gives one user at most perUser slots and refuses beyond the queue', async () => {
    const limiter = createFairLimiter({ perUser: 2, total: 10, queuePerUser: 1 });
    const first = await limiter.acquire('a');
    await limiter.acquire('a');
    let thirdStarted = false;
    const third = limiter.acquire('a').then((release) => ((thirdStarted = true), release));
    await expect(limiter.acquire('a')).rejects.toBeInstanceOf(LimitExceeded);
    await settle();
    expect(thirdStarted).toBe(false);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 1 });

    first();
    await third;
    expect(thirdStarted).toBe(true);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 0 });
  });

  it('hands freed slots to users in turn, so a burst does not starve a second user', async () => {
    const limiter = createFairLimiter({ perUser: 5, total: 1, queuePerUser: 20 });
    const order: string[] = [];
    let current = await limiter.acquire('burst');
    const track = (user: string) =>
      limiter.acquire(user).then((release) => {
        order.push(user);
        current = release;
      });
    const all = [...Array.from({ length: 5 }, () => track('burst')), track('quiet')];
    // Each request that gets the one slot finishes at once and frees it for the next turn.
    for (let i = 0; i < all.length; i++) {
      current();
      await settle();
    }
    await Promise.all(all);
    expect(order).toHaveLength(6);
    expect(order.indexOf('quiet')).toBe(1);
  });

  it('forgets a waiter whose client gave up, and frees each slot only once', async () => {
    const limiter = createFairLimiter({ perUser: 1, total: 1, queuePerUser: 5 });
    const release = await limiter.acquire('a');
    const controller = new AbortController();
    const waiting = limiter.acquire('b', controller.signal);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
    release();
    release();
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
    await expect(limiter.acquire('c')).resolves.toBeTypeOf('function');
  });
});
