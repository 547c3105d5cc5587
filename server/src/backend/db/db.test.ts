import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Db } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';
import { seed } from '../../demo/seed/index.ts';
import { openTestDb, testDriver } from './testing.ts';

describe(`database on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  it('returns numbers and dates the same way on both drivers', async () => {
    const [row] = await db.query(
      `select 1::int8 as big, 2::int4 as int, 3.5::numeric as num, sum(x) as total, count(*) as n,
              '2024-03-01'::date as day, now() as at
       from (values (1), (2)) v(x)`,
    );
    expect(row).toMatchObject({ big: 1, int: 2, num: 3.5, total: 3, n: 2, day: '2024-03-01' });
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('create table tx_probe (id integer primary key)');
    await db.transaction(async (tx) => {
      await tx.query('insert into tx_probe values (1)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe values (2)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query('select id from tx_probe order by id')).toEqual([{ id: 1 }]);
  });

  it('records every migration once and re-running migrations and seed changes nothing', async () => {
    const silent = pino({ level: 'silent' });
    await migrate(db, silent);
    await seed(db, { scale: 'small', logger: silent });
    const applied = await db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(applied.map((m) => m.version)).toEqual((await readMigrations()).map((m) => m.version));
    expect(await db.query('select id, account from users order by id')).toEqual([
      { id: 1, account: 'admin' },
      { id: 2, account: 'ops' },
      { id: 3, account: '13800000001' },
      { id: 4, account: 'tech' },
      { id: 5, account: 'crew' },
    ]);
  });

  it.runIf(testDriver === 'postgres')('hands out every PostgreSQL connection with JIT off, the first statement included', async () => {
    // Ten at once: each on a new connection of the pool.
    const settings = await Promise.all(Array.from({ length: 10 }, () => db.transaction((tx) => tx.query<{ jit: string }>('show jit'))));
    expect(settings.flat().map((row) => row.jit)).toEqual(Array(10).fill('off'));
  });

  it('never stores a plain password', async () => {
    const rows = await db.query<{ password_hash: string }>('select password_hash from users');
    for (const { password_hash } of rows) expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});
