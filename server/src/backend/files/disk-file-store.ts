import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, mkdtemp, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { assertStoreKey, isStoreKey, type FileStore, type StoredFileInfo } from './file-store.ts';

/**
 * Files in a directory of one machine (`${dir}/${key}`): the store of a single instance on PGlite.
 * Each is written to a temporary `.partial` name beside it and renamed into place, so a reader in
 * this process or another sharing the directory never sees half a file. A file's mtime is its last use.
 */
export function diskFileStore(dir: string | (() => Promise<string>)): FileStore {
  const root = typeof dir === 'string' ? async () => dir : dir;
  const target = async (key: string) => path.join(await root(), key);
  const partialOf = (file: string) => `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;

  const store: FileStore = {
    async put(key, body, usedAt = new Date()) {
      assertStoreKey(key);
      const file = await target(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialOf(file);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await utimes(partial, usedAt, usedAt);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return (await stat(file)).size;
    },

    async putFile(key, file, usedAt = new Date()) {
      assertStoreKey(key);
      const destination = await target(key);
      await mkdir(path.dirname(destination), { recursive: true });
      try {
        await utimes(file, usedAt, usedAt);
        await rename(file, destination);
        return (await stat(destination)).size;
      } catch (error) {
        // Another file system: copied (whole or not at all), then the local file goes.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const bytes = await store.put(key, createReadStream(file), usedAt);
        await rm(file, { force: true });
        return bytes;
      }
    },

    async get(key) {
      if (!isStoreKey(key)) return null;
      // Opened, not checked first: a file pruned between a check and the open would fail the reader.
      const handle = await open(await target(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), bytes: stats.size };
    },

    exists: async (key) => isStoreKey(key) && (await stat(await target(key)).then((stats) => stats.isFile(), () => false)),

    async delete(key) {
      if (isStoreKey(key)) await rm(await target(key), { force: true });
    },

    async touch(key, at) {
      if (isStoreKey(key)) await utimes(await target(key), at, at).catch(() => undefined);
    },

    list: async () => (await files(await root())).filter((file) => isStoreKey(file.key)),

    async sweep(beforeMs) {
      const where = await root();
      let removed = 0;
      for (const file of await files(where)) {
        if (!file.key.endsWith('.partial') || file.usedMs >= beforeMs) continue;
        await rm(path.join(where, file.key), { force: true });
        removed++;
      }
      return removed;
    },
  };
  return store;
}

/** Every file under `dir` (none when it does not exist yet), keys with `/` whatever the platform. */
async function files(dir: string): Promise<StoredFileInfo[]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const found: StoredFileInfo[] = [];
  for (const name of names) {
    const stats = await stat(path.join(dir, name)).catch(() => null);
    if (stats?.isFile()) found.push({ key: name.split(path.sep).join('/'), bytes: stats.size, usedMs: stats.mtimeMs });
  }
  return found;
}

/**
 * `dir`, created when first needed; a temporary directory (`${prefix}…`) when it cannot be
 * written, so that a read-only data dir costs a cache, not the feature.
 */
export function writableDirOr(dir: string, prefix: string, logger: FastifyBaseLogger): () => Promise<string> {
  let resolved: Promise<string> | undefined;
  return () =>
    (resolved ??= (async () => {
      try {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
        return dir;
      } catch (error) {
        const fallback = await mkdtemp(path.join(os.tmpdir(), prefix));
        logger.warn({ err: error, dir, fallback }, 'directory not writable; keeping files in a temporary directory');
        return fallback;
      }
    })());
}
