import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFileStore } from '../files/disk-file-store.ts';
import { pruneReports } from './report-cache-pruning.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY_MS = 86_400_000;
const KB = 1024;
const roomy = { maxAgeMs: 30 * DAY_MS, maxBytes: 1024 * KB };

describe('pruneReports', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-prune-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A file of `kb` KiB last used `daysAgo` days before NOW. */
  const put = async (name: string, daysAgo: number, kb = 1) => {
    const file = path.join(dir, name);
    await writeFile(file, Buffer.alloc(kb * KB));
    const used = new Date(NOW - daysAgo * DAY_MS);
    await utimes(file, used, used);
  };
  const left = async () => (await readdir(dir)).sort();
  const idle = () => false;

  it('deletes reports unused for longer than the age limit and keeps the others', async () => {
    await put('1-aaaa.pdf', 31);
    await put('2-bbbb.pdf', 29);
    await put('3-cccc.pdf', 0);
    const result = await pruneReports(diskFileStore(dir), NOW, roomy, idle);
    expect(await left()).toEqual(['2-bbbb.pdf', '3-cccc.pdf']);
    expect(result).toEqual({ removed: 1, removedBytes: KB, keptBytes: 2 * KB });
  });

  it('keeps the newest reports within the size limit and deletes every older one', async () => {
    await put('1-aaaa.pdf', 1, 3);
    await put('2-bbbb.pdf', 2, 3);
    await put('3-cccc.pdf', 3, 3);
    await put('4-dddd.pdf', 4, 1);
    const result = await pruneReports(diskFileStore(dir), NOW, { maxAgeMs: 30 * DAY_MS, maxBytes: 7 * KB }, idle);
    // The third file does not fit; the small fourth would, but it is older than one that went.
    expect(await left()).toEqual(['1-aaaa.pdf', '2-bbbb.pdf']);
    expect(result.keptBytes).toBe(6 * KB);
  });

  it("deletes a job order's stale digests: only its most recently rendered or served file stays", async () => {
    await put('7-0000000000000001.pdf', 5);
    await put('7-0000000000000002.pdf', 1);
    await put('70-0000000000000003.pdf', 9);
    await pruneReports(diskFileStore(dir), NOW, roomy, idle);
    expect(await left()).toEqual(['7-0000000000000002.pdf', '70-0000000000000003.pdf']);
  });

  it('never touches a file being rendered or sent, whatever its age or size', async () => {
    await put('1-aaaa.pdf', 400, 5);
    await put('1-bbbb.pdf', 1, 5);
    await put('2-cccc.pdf', 400, 5);
    const busy = new Set(['1-aaaa.pdf', '2-cccc.pdf']);
    await pruneReports(diskFileStore(dir), NOW, { maxAgeMs: DAY_MS, maxBytes: KB }, (name) => busy.has(name));
    expect(await left()).toEqual(['1-aaaa.pdf', '2-cccc.pdf']);
  });

  it("deletes a dead rendering's partial file after an hour, not one still being written", async () => {
    await put('1-aaaa.pdf.123.abcd.partial', 2 / 24);
    await put('2-bbbb.pdf.123.ef01.partial', 0);
    await put('notes.txt', 400);
    await pruneReports(diskFileStore(dir), NOW, roomy, idle);
    expect(await left()).toEqual(['2-bbbb.pdf.123.ef01.partial', 'notes.txt']);
  });

  it('prunes nothing in a directory that does not exist yet', async () => {
    expect(await pruneReports(diskFileStore(path.join(dir, 'missing')), NOW, roomy, idle)).toEqual({ removed: 0, removedBytes: 0, keptBytes: 0 });
  });
});
