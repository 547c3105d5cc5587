import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_WRITER_CONNECTIONS, createBackgroundShare, runAsBackgroundWriter } from './background-writer.ts';
import { openPostgres } from './postgres.ts';
import { runWithQueryContext } from './query-context.ts';
import { testDriver } from './testing.ts';

/** A statement that runs until `open` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the background writers’ share', () => {
  it('lets no more runs than its slots have statements running; the rest wait their turn', async () => {
    const share = createBackgroundShare(1);
    const first = gate();
    const started: string[] = [];
    const statement = (name: string, until: Promise<void>) =>
      share.run(async () => {
        started.push(name);
        await until;
      });

    const a = runAsBackgroundWriter(() => statement('a', first.opened));
    const b = runAsBackgroundWriter(() => statement('b', Promise.resolve()));
    await settle();
    expect(started).toEqual(['a']);
    expect(share.stats()).toEqual({ holding: 1, waiting: 1 });

    first.open();
    await Promise.all([a, b]);
    expect(started).toEqual(['a', 'b']);
    expect(share.stats()).toEqual({ holding: 0, waiting: 0 });
  });

  it('rests a run three times as long as its last busy spell before its next statement, so it is busy a quarter of its time at most', async () => {
    let now = 1_000;
    const rests: number[] = [];
    const share = createBackgroundShare(2, 0.25, { now: () => now, rest: async (ms) => void rests.push(ms) });
    await runAsBackgroundWriter(async () => {
      await share.run(async () => void (now += 40));
      await share.run(async () => void (now += 10));
      now += 500; // rested more than asked: no wait
      await share.run(async () => undefined);
    });
    expect(rests).toEqual([120]);
    // Requests never rest.
    await share.run(async () => void (now += 40));
    await share.run(async () => undefined);
    expect(rests).toEqual([120]);
  });

  it('lets the statements of one run overlap in its one slot, and leaves requests and nested runs alone', async () => {
    const share = createBackgroundShare(1);
    const held = gate();
    let overlapping = 0;
    const run = runAsBackgroundWriter(() =>
      Promise.all([
        share.run(() => held.opened),
        share.run(async () => void overlapping++),
        // A writer calling another writer's code stays the same run.
        runAsBackgroundWriter(() => share.run(async () => void overlapping++)),
      ]),
    );
    await settle();
    expect(overlapping).toBe(2);
    const request = runWithQueryContext({ signal: new AbortController().signal, heavy: false }, () => share.run(async () => 'answered'));
    await expect(request).resolves.toBe('answered');
    await expect(share.run(async () => 'outside')).resolves.toBe('outside');
    held.open();
    await run;
    expect(share.stats()).toEqual({ holding: 0, waiting: 0 });
  });
});

describe.runIf(testDriver === 'postgres')('background writers on PostgreSQL', () => {
  it('hold at most their share of the pool while a request’s statements still find connections', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const db = await openPostgres(url, pino({ level: 'silent' }));
    // The writers' statements wait on a lock this connection holds.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    const lock = 360_036;
    await locker.query('select pg_advisory_lock($1)', [lock]);
    const waitingOnLock = async () =>
      Number((await locker.query(`select count(*) as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`, [lock])).rows[0].n);
    try {
      // As many writers as the pool has connections.
      const writers = Array.from({ length: 10 }, () => runAsBackgroundWriter(() => db.query('select pg_advisory_xact_lock_shared($1)', [lock])));
      await expect.poll(waitingOnLock).toBe(BACKGROUND_WRITER_CONNECTIONS);

      // The pool's other connections answer requests at once, all of them together.
      const asRequest = () => runWithQueryContext({ signal: new AbortController().signal, heavy: false }, () => db.query<{ n: number }>('select 1 as n'));
      const answers = await Promise.all(Array.from({ length: 10 - BACKGROUND_WRITER_CONNECTIONS }, asRequest));
      expect(answers.flat()).toHaveLength(10 - BACKGROUND_WRITER_CONNECTIONS);
      expect(await waitingOnLock()).toBe(BACKGROUND_WRITER_CONNECTIONS);

      await locker.query('select pg_advisory_unlock($1)', [lock]);
      await Promise.all(writers);
    } finally {
      await locker.end();
      await db.close();
    }
  });
});
