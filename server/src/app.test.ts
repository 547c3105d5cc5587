import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionPaths } from '@pest/shared';
import { startServer } from './app.ts';
import { testDatabaseConfig, testDriver } from './backend/db/testing.ts';
import { REPO_ROOT } from './config.ts';

const noConsole = path.join(os.tmpdir(), 'pest-no-console');

const loginAt = (url: string) =>
  fetch(url + SessionPaths.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: '123456' }),
  });

// Each starts the whole product (~12 s on a quiet machine); the suite's other files share the two cores with it.
const START_MS = 60_000;

describe(`server on ${testDriver}`, () => {
  it('startServer starts backend and gateway on a free port and closes both', { timeout: START_MS + 30_000 }, async () => {
    const database = await testDatabaseConfig();
    const server = await startServer({ ...database.overrides, upstreamUrl: null, port: 0, host: '127.0.0.1', logLevel: 'silent', consoleDist: noConsole });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const login = (await (await loginAt(server.url)).json()) as { status: number };
      expect(login.status).toBe(200);
      expect((await fetch(server.url + '/readyz')).status).toBe(200);
    } finally {
      await server.close();
      await database.cleanup();
    }
    await expect(fetch(server.url + '/healthz')).rejects.toThrow();
  });

  it('main.ts prints the URL and demo logins, and exits 0 on SIGTERM', { timeout: START_MS + 30_000 }, async () => {
    const database = await testDatabaseConfig();
    const { dataDir, databaseUrl, seedScale } = database.overrides;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CONSOLE_DIST: noConsole,
        UPSTREAM_URL: '',
        DATABASE_URL: databaseUrl ?? '',
        DATA_DIR: dataDir ?? '',
        SEED_SCALE: seedScale,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

    try {
      await expect.poll(() => output, { timeout: START_MS, interval: 100 }).toContain('Demo logins');
      expect(output).toMatch(/ready at http:\/\/127\.0\.0\.1:\d+/);
      expect(output).toContain('admin / 123456');
      expect(output).toContain('13800000001 / 123456');
      child.kill('SIGTERM');
      // A death by a signal says which, with what the process printed.
      expect(await exited, output).toEqual({ code: 0, signal: null });
    } finally {
      child.kill('SIGKILL');
      await database.cleanup();
    }
  });
});
