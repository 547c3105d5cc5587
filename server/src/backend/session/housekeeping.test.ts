import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { pruneLoginState, startHousekeeping } from './housekeeping.ts';

describe(`pruning login state on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  it('deletes expired sessions and login failures a day old, and keeps the rest', async () => {
    await db.query(
      `insert into sessions (token_hash, user_id, expires_at) values
         ('expired-a-second-ago', 1, now() - interval '1 second'), ('valid-an-hour-more', 1, now() + interval '1 hour')`,
    );
    await db.query(
      `insert into login_failures (account, address, failures, last_failed_at, blocked_until) values
         ('nobody', '192.0.2.1', 12, now() - interval '25 hours', now() - interval '24 hours'),
         ('admin', '192.0.2.1', 4, now() - interval '23 hours', null)`,
    );
    const pruned = await pruneLoginState(db);
    expect(pruned.loginFailures).toBe(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await db.query('select token_hash as "tokenHash" from sessions where token_hash like $1', ['%-a%'])).toEqual([{ tokenHash: 'valid-an-hour-more' }]);
    expect(await db.query('select account from login_failures')).toEqual([{ account: 'admin' }]);
  });
});

describe('housekeeping timer', () => {
  afterEach(() => vi.useRealTimers());

  it('prunes at start and on every interval, on a timer that never holds the process open', async () => {
    vi.useFakeTimers();
    const statements: string[] = [];
    const db: Queryable = {
      query: async <T>(sql: string) => {
        statements.push(sql);
        return [{ n: 0 }] as T[];
      },
      exec: async () => undefined,
    };
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const prunes = () => statements.filter((sql) => sql.includes('delete from sessions')).length;

    const housekeeping = startHousekeeping(db, pino({ level: 'silent' }), 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(prunes()).toBe(1);
    expect((setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(prunes()).toBe(4);

    await housekeeping.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(prunes()).toBe(4);
  });
});
