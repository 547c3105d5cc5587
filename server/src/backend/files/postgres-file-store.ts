import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Db } from '../db/db.ts';
import { uncancellable } from '../db/query-context.ts';
import { assertStoreKey, isStoreKey, type FileStore } from './file-store.ts';

/** Bytes per chunk row: large enough for few statements, small enough that reading one costs little memory. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Files in the PostgreSQL database (migration 310), under `area` ('packs', 'uploads', 'reports'),
 * so every instance on the database reads what any one wrote. A write is one transaction: chunks
 * go in as the body streams, and the file appears (or replaces the old one) at commit, never in
 * part; a write cut short rolls back and leaves nothing. Writes of one key queue on an advisory lock.
 */
export function postgresFileStore(db: Db, area: string): FileStore {
  const store: FileStore = {
    async put(key, body, usedAt = new Date()) {
      assertStoreKey(key);
      // A write, once begun, ends whole or rolls back on its own: a report rendering that several
      // requests wait for is not cancelled with the one request that started it.
      return uncancellable(() => db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 310))`, [`${area}/${key}`]);
        await tx.query(`delete from stored_files where area = $1 and key = $2`, [area, key]);
        const [file] = await tx.query<{ id: number }>(
          `insert into stored_files (area, key, bytes, used_at) values ($1, $2, 0, $3) returning id`,
          [area, key, usedAt.toISOString()],
        );
        let seq = 0;
        let bytes = 0;
        for await (const chunk of chunked(Buffer.isBuffer(body) ? Readable.from([body]) : body)) {
          await tx.query(`insert into stored_file_chunks (file_id, seq, data) values ($1, $2, $3)`, [file!.id, seq++, chunk]);
          bytes += chunk.length;
        }
        await tx.query(`update stored_files set bytes = $2 where id = $1`, [file!.id, bytes]);
        return bytes;
      }));
    },

    async putFile(key, file, usedAt) {
      const bytes = await store.put(key, createReadStream(file), usedAt);
      await rm(file, { force: true });
      return bytes;
    },

    async get(key) {
      if (!isStoreKey(key)) return null;
      const [file] = await db.query<{ id: number; bytes: number }>(`select id, bytes from stored_files where area = $1 and key = $2`, [area, key]);
      return file ? { stream: chunkReader(db, file.id, file.bytes), bytes: file.bytes } : null;
    },

    exists: async (key) => isStoreKey(key) && (await db.query(`select 1 from stored_files where area = $1 and key = $2`, [area, key])).length > 0,

    async delete(key) {
      await db.query(`delete from stored_files where area = $1 and key = $2`, [area, key]);
    },

    async touch(key, at) {
      await db.query(`update stored_files set used_at = $3 where area = $1 and key = $2`, [area, key, at.toISOString()]);
    },

    list: async () =>
      (await db.query<{ key: string; bytes: number; usedAt: Date }>(`select key, bytes, used_at as "usedAt" from stored_files where area = $1`, [area])).map(
        ({ key, bytes, usedAt }) => ({ key, bytes, usedMs: usedAt.getTime() }),
      ),

    // A write that died rolled back with its transaction: nothing is left behind.
    sweep: async () => 0,
  };
  return store;
}

/** The file's chunks in order, one statement per chunk as the reader asks for more. */
function chunkReader(db: Db, fileId: number, bytes: number): Readable {
  let seq = 0;
  let sent = 0;
  return new Readable({
    read() {
      // A download outlives its request's deadline: its statements are not the request's to cancel.
      uncancellable(() => db.query<{ data: Buffer }>(`select data from stored_file_chunks where file_id = $1 and seq = $2`, [fileId, seq])).then(
        ([row]) => {
          if (!row) {
            // Deleted or replaced while being read: a cut short file must not pass for a whole one.
            if (sent < bytes) this.destroy(new Error('stored file removed while being read'));
            else this.push(null);
            return;
          }
          seq++;
          sent += row.data.length;
          this.push(row.data);
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

/** `source` regrouped into chunks of CHUNK_BYTES (the last one shorter). */
async function* chunked(source: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
    pending.push(buffer);
    size += buffer.length;
    while (size >= CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      size = all.length - CHUNK_BYTES;
    }
  }
  if (size > 0) yield Buffer.concat(pending);
}
