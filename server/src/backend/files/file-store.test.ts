import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { diskFileStore } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';
import { CHUNK_BYTES, postgresFileStore } from './postgres-file-store.ts';

/** A body that sends `bytes` and then fails, as a rendering or an upload cut short. */
function failingAfter(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(bytes);
      setImmediate(() => this.destroy(new Error('cut short')));
    },
  });
}

/** Each store under test, and whether it needs a database. */
const stores: [string, boolean, (dir: string, db: Db | null) => FileStore][] = [['disk', false, (dir) => diskFileStore(dir)]];
if (testDriver === 'postgres') stores.push(['postgres', true, (_dir, db) => postgresFileStore(db!, 'packs')]);

describe.each(stores)('the %s file store', (_name, needsDb, open) => {
  let db: Db | null = null;
  let dir: string;
  let store: FileStore;

  beforeAll(async () => {
    if (needsDb) db = await openTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-file-store-'));
    store = open(dir, db);
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a file of several chunks and gives it back whole, streamed', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 123);
    expect(await store.put('packs/big.zip', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))).toBe(bytes.length);
    const file = (await store.get('packs/big.zip'))!;
    expect(file.bytes).toBe(bytes.length);
    expect((await buffer(file.stream)).equals(bytes)).toBe(true);
    expect(await store.exists('packs/big.zip')).toBe(true);
  });

  it('answers null for a missing file and for a key that would climb out or hide', async () => {
    expect(await store.get('missing.png')).toBeNull();
    expect(await store.exists('missing.png')).toBe(false);
    for (const key of ['../outside.png', '/etc/passwd', 'a/../../b.png', '.link-secret', 'a//b.png', 'x.partial']) {
      expect(await store.get(key), key).toBeNull();
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/not a file store key/);
    }
  });

  it('replaces a file whole, and a write cut short leaves the old one', async () => {
    await store.put('report.pdf', Buffer.from('first'));
    await store.put('report.pdf', Buffer.from('second'));
    await expect(store.put('report.pdf', failingAfter(randomBytes(CHUNK_BYTES + 10)))).rejects.toThrow('cut short');
    expect((await buffer((await store.get('report.pdf'))!.stream)).toString()).toBe('second');
    expect((await store.list()).filter((file) => file.key === 'report.pdf')).toHaveLength(1);
  });

  it('lists files with their size and last use, moved by touch, and deletes them', async () => {
    const used = new Date('2031-03-01T12:00:00Z');
    await store.put('listed/one.pdf', Buffer.alloc(10), used);
    expect((await store.list()).find((file) => file.key === 'listed/one.pdf')).toEqual({ key: 'listed/one.pdf', bytes: 10, usedMs: used.getTime() });
    await store.touch('listed/one.pdf', new Date(used.getTime() + 60_000));
    expect((await store.list()).find((file) => file.key === 'listed/one.pdf')?.usedMs).toBe(used.getTime() + 60_000);
    await store.delete('listed/one.pdf');
    await store.delete('listed/one.pdf');
    expect(await store.get('listed/one.pdf')).toBeNull();
  });

  it('fails a read whose file is deleted halfway rather than end it as if whole', async () => {
    await store.put('pruned.pdf', randomBytes(CHUNK_BYTES * 4));
    const { stream } = (await store.get('pruned.pdf'))!;
    // The first chunk read (and at most one more fetched ahead), then the file goes.
    const chunks = stream[Symbol.asyncIterator]();
    let read = ((await chunks.next()).value as Buffer).length;
    await store.delete('pruned.pdf');
    const rest = (async () => {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) read += (next.value as Buffer).length;
      return read;
    })();
    // On disk the open file reads to its end (POSIX keeps it until closed); in PostgreSQL its chunks are gone.
    if (needsDb) await expect(rest).rejects.toThrow(/removed while being read/);
    else expect(await rest).toBe(CHUNK_BYTES * 4);
  });

  it('moves a finished local file in, and the local copy goes', async () => {
    const local = path.join(dir, 'built.zip.partial');
    await writeFile(local, 'zip bytes');
    expect(await store.putFile('audit-pack-7.zip', local)).toBe(9);
    expect((await buffer((await store.get('audit-pack-7.zip'))!.stream)).toString()).toBe('zip bytes');
    expect(await readdir(dir)).not.toContain('built.zip.partial');
  });
});
