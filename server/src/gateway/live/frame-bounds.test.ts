import { describe, expect, it } from 'vitest';
import { frameProblem } from './frame-bounds.ts';
import { EventBudget } from './event-budget.ts';
import { parseSubscription } from './subscription.ts';

const deep = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

describe('frameProblem', () => {
  it('passes what clients send', () => {
    expect(frameProblem(['subscribe', { topic: 'deviceList', params: { current: 1, size: 10, filters: { customerIds: new Array(5000).fill(7) } } }, () => {}])).toBeNull();
  });

  it('names what is wrong with a frame, without recursing however deep it is', () => {
    expect(frameProblem(deep(100_000))).toBe('nested deeper than 16');
    expect(frameProblem(new Array(20_000).fill(0))).toBe('more than 10000 values');
    expect(frameProblem({ name: 'a\u0000b' })).toBe('a NUL character');
    expect(frameProblem({ ['a\u0000']: 1 })).toBe('a NUL character');
    expect(frameProblem({ id: Buffer.from([1]) })).toBe('binary or non-JSON data');
    expect(frameProblem({ at: new Date() })).toBe('binary or non-JSON data');
  });

  it('makes parseSubscription safe on its own', () => {
    expect(parseSubscription({ topic: 'device', params: deep(10_000) })).toEqual({ ok: false, message: 'subscribe refused: nested deeper than 16' });
  });
});

describe('EventBudget', () => {
  it('allows a burst, then as many frames as have been refilled', () => {
    let now = 0;
    const budget = new EventBudget({ burst: 3, perSecond: 2 }, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now = 500;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now = 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});
