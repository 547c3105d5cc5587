import type { Readable } from 'node:stream';

/** A stored file as listing sees it: pruning by age counts from `usedMs` (written, or marked used since). */
export interface StoredFileInfo {
  key: string;
  bytes: number;
  usedMs: number;
}

/** A stored file opened for reading. */
export interface OpenedFile {
  stream: Readable;
  bytes: number;
}

/**
 * Where audit packs, uploads and cached reports keep their bytes, by key (`a/b.png`): one
 * instance's disk, or the PostgreSQL database every instance shares (file-stores.ts chooses).
 * A file is written whole or not at all: a reader sees the old file, the new one, or none.
 */
export interface FileStore {
  /** Stores `body` under `key`, marked used at `usedAt`; answers its size. */
  put(key: string, body: Readable | Buffer, usedAt?: Date): Promise<number>;
  /** Moves the finished local file `file` in (on disk a rename; elsewhere copied, then removed). */
  putFile(key: string, file: string, usedAt?: Date): Promise<number>;
  /** The file opened for reading; null when there is none (or the key is not one a store could hold). */
  get(key: string): Promise<OpenedFile | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; none is no error. */
  delete(key: string): Promise<void>;
  /** Marks the file used at `at`: pruning by age counts from it. */
  touch(key: string, at: Date): Promise<void>;
  /** Every file held, with its size and last use. */
  list(): Promise<StoredFileInfo[]>;
  /** Removes what writes that died before `beforeMs` left (partial files on disk); answers how many. */
  sweep(beforeMs: number): Promise<number>;
}

/** Path segments that start with a letter or digit: a key never climbs out (`..`) nor hides (`.x`). */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const isStoreKey = (key: string) => key.length <= 500 && KEY.test(key) && !key.endsWith('.partial');

export function assertStoreKey(key: string): void {
  if (!isStoreKey(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
}
