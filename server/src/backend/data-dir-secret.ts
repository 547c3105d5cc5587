import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in the data directory, for when the environment names none: made on first use,
 * then read back, so what it signs survives restarts and holds in every process on that data
 * dir, and no default secret is ever committed.
 */
export async function dataDirSecret(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  await mkdir(path.dirname(file), { recursive: true });
  // wx: two processes starting at once keep whichever was written first.
  await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}
