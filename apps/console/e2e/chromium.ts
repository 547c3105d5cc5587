import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { SessionPaths } from '@pest/shared';

// Free of vitest, so the benchmarks (bench/screens, bench/soak) drive the product the way the browser tests do.

/**
 * Debian's headless shell where installed: the same engine without the browser's own interface,
 * which Playwright itself runs headless tests in; the browser suite took a third less time in it
 * than in the full chromium. The full one otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's chromium, with the flags this machine's closed network needs (playwright gives it a fresh profile), and `extraArgs`. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Logs in through the API of the product at `baseUrl`: the account's token. */
export async function signInToken(baseUrl: string, account = 'admin', password = '123456'): Promise<string> {
  const res = await fetch(`${baseUrl}${SessionPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { status: number; data: { token: string } };
  if (body.status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
