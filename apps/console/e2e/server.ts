import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DemoFillPaths, type DemoFillStatus } from '@pest/shared';
import { signInToken } from './chromium.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * Where the browser tests' demo history ends (DEMO_ANCHOR): a working Monday morning of the pinned
 * data, with the day's first visit done and the next under way. The live writers are off, so the
 * data stays there; a page that shows "the last days" runs its clock from here (devices.test.ts).
 */
export const E2E_DEMO_ANCHOR = '2026-11-02T11:00:00+08:00';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** What the server has printed so far (the start banner), as the operator's terminal shows it. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Resolves once the product at `url` answers, and with the whole demo: a new data dir answers
 * before the background fill has put in the devices' heartbeat history, and the tests expect all
 * of it. `exited` names the server's process if it has ended (not this process's own child: a
 * browser test file waits here for the server the suite's global setup started).
 */
export async function whenReady(url: string, { timeoutMs, demo = true, exited = () => undefined }: { timeoutMs: number; demo?: boolean; exited?: () => string | undefined }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let token: string | undefined;
  while (Date.now() < deadline) {
    const ended = exited();
    if (ended) throw new Error(ended);
    try {
      const listening = !token && (await fetch(`${url}/readyz`)).ok;
      // DEMO=off: no demo to fill in, nor a demo login to ask with.
      if (listening && !demo) return;
      if (listening) token = await signInToken(url);
      if (token && (await demoComplete(url, token))) return;
    } catch {
      // not listening yet
    }
    // Another process: nothing to wait on but its /readyz and its fill, asked four times a second.
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} not ready within ${timeoutMs} ms`);
}

async function demoComplete(url: string, token: string): Promise<boolean> {
  const response = await fetch(`${url}${DemoFillPaths.status}`, { headers: { authorization: `Bearer ${token}` } });
  const status = (await response.json()) as { data: DemoFillStatus };
  return status.data.filling.length === 0;
}

/** Starts the real product (gateway + reference backend) the way `npm start` does, on a fresh data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await launchServer(env);
  try {
    await server.ready;
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** startServer's product, launched: its address is known at once, and `ready` says when it answers with its demo. */
export async function launchServer(env: Record<string, string> = {}): Promise<RunningServer & { ready: Promise<void> }> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pest-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_SCALE: 'small',
      SIMULATOR: 'off',
      // The history ends where the tests expect it (a working morning with visits under way), not at the real now.
      DEMO_ANCHOR: E2E_DEMO_ANCHOR,
      LOG_LEVEL: 'warn',
      // Browser tests log in many times from one address within a minute.
      LOGIN_RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const ready = whenReady(url, {
    timeoutMs: 120_000,
    demo: env.DEMO !== 'off',
    exited: () => (child.exitCode === null && child.signalCode === null ? undefined : `server exited (${child.exitCode ?? child.signalCode})`),
  });
  // One that never came up is not left running.
  ready.catch(() => child.kill('SIGKILL'));
  return {
    url,
    dataDir,
    ready,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
