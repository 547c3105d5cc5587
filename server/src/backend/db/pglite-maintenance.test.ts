import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { startPgliteMaintenance } from './pglite-maintenance.ts';

describe('PGlite maintenance', () => {
  let db: Db;
  const visiblePages = async () =>
    (await db.query<{ pages: number; visible: number }>(
      "select relpages as pages, relallvisible as visible from pg_class where relname = 'written'",
    ))[0]!;

  beforeAll(async () => {
    db = await openPglite({ dataDir: 'memory://' });
    await db.exec('create table written (id integer primary key, note text); insert into written select i, repeat(md5(i::text), 4) from generate_series(1, 20000) i');
  });
  afterAll(async () => db?.close());
  afterEach(() => vi.useRealTimers());

  it('vacuums and analyses on its interval only, so index-only scans stop reading the heap, and stops', async () => {
    vi.useFakeTimers();
    const maintenance = startPgliteMaintenance(db, pino({ level: 'silent' }), 60_000);
    await vi.advanceTimersByTimeAsync(59_000);
    expect((await visiblePages()).visible).toBe(0);

    await vi.advanceTimersByTimeAsync(1_000);
    await maintenance.stop();
    const { pages, visible } = await visiblePages();
    expect(pages).toBeGreaterThan(10);
    expect(visible).toBe(pages);

    const vacuums = async () =>
      (await db.query<{ n: number }>("select vacuum_count::int as n from pg_stat_user_tables where relname = 'written'"))[0]!.n;
    expect(await vacuums()).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await vacuums()).toBe(1);
  });

  it('does nothing on PostgreSQL, whose autovacuum does it', async () => {
    vi.useFakeTimers();
    const exec = vi.fn();
    const postgres = { driver: 'postgres', exec, query: vi.fn() } as unknown as Db;
    const maintenance = startPgliteMaintenance(postgres, pino({ level: 'silent' }), 60_000);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await maintenance.stop();
    expect(exec).not.toHaveBeenCalled();
  });
});
