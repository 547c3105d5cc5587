import { AsyncResource } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { QueryAbandoned, runWithQueryContext } from './query-context.ts';
import { createStatementQueue } from './statement-queue.ts';

describe('statement queue', () => {
  it('runs one statement at a time, interactive ones before queued heavy ones', async () => {
    const queue = createStatementQueue();
    const order: string[] = [];
    let running = 0;
    const statement = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(name);
      running--;
    };
    const heavy = (name: string) =>
      runWithQueryContext({ signal: new AbortController().signal, heavy: true }, () => queue(statement(name)));
    await Promise.all([heavy('chart 1'), heavy('chart 2'), heavy('chart 3'), queue(statement('sign-in'))]);
    expect(order[0]).toBe('sign-in');
    expect(order.slice(1)).toEqual(['chart 1', 'chart 2', 'chart 3']);
  });

  it('lets a statement queued while a heavy one runs go before the next heavy one', async () => {
    const queue = createStatementQueue();
    const order: string[] = [];
    // Bound outside the charts' context, as a socket's callback would be.
    const signIn = AsyncResource.bind(() => void queue(async () => void order.push('sign-in')));
    const heavy = (name: string) =>
      runWithQueryContext({ signal: new AbortController().signal, heavy: true }, () =>
        queue(async () => {
          order.push(name);
          // Arrives over a socket while this chart runs.
          if (name === 'chart 1') setImmediate(signIn);
        }),
      );
    await Promise.all([heavy('chart 1'), heavy('chart 2')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['chart 1', 'sign-in', 'chart 2']);
  });

  it('refuses the statements of an abandoned request, waiting or not yet queued', async () => {
    const queue = createStatementQueue();
    const controller = new AbortController();
    let release!: () => void;
    const blocker = queue(() => new Promise<void>((resolve) => (release = resolve)));
    let ran = false;
    const waiting = runWithQueryContext({ signal: controller.signal, heavy: true }, () => queue(async () => void (ran = true)));
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new QueryAbandoned('client gone'));
    release();
    await blocker;
    await expect(waiting).rejects.toBeInstanceOf(QueryAbandoned);
    expect(ran).toBe(false);
    await expect(runWithQueryContext({ signal: controller.signal, heavy: false }, () => queue(async () => 1))).rejects.toBeInstanceOf(QueryAbandoned);
  });
});
