import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the browser suite; a worker uses the one of its pool id (browser.ts). */
    baseUrls: string[];
    /** Where a server that never came up is named with its reason, so the files waiting for it stop at once. */
    serverFailures: string;
  }
}

/**
 * A real server (gateway + reference backend on a fresh embedded database) for each worker of the
 * browser suite, so two files run at once without seeing each other's writes, as they never did
 * one after another against one server.
 *
 * Launched, not waited for: vitest runs every project's global setup before any test, and the
 * browser files come last (sequence.groupOrder), so the servers seed their demo (half a minute of
 * both cores) while the unit projects run, and each browser file waits for its own server
 * (serverReady.ts). A server that never comes up fails the browser files at once, with its reason.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: count }, () => launchServer()));
  const failuresDir = mkdtempSync(join(tmpdir(), 'pest-e2e-servers-'));
  const failures = join(failuresDir, 'failures');
  project.provide('baseUrls', servers.map((server) => server.url));
  project.provide('serverFailures', failures);
  for (const server of servers) {
    server.ready.catch((error: unknown) => {
      console.error(`the browser suite's server at ${server.url} did not come up:`, error);
      appendFileSync(failures, `${server.url}: ${String(error)}\n`);
    });
  }
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(failuresDir, { recursive: true, force: true });
  };
}
