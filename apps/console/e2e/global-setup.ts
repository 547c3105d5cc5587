import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the browser suite; a worker uses the one of its pool id (browser.ts). */
    baseUrls: string[];
  }
}

/**
 * A real server (gateway + reference backend on a fresh embedded database) for each worker of the
 * browser suite, so two files run at once without seeing each other's writes, as they never did
 * one after another against one server.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: count }, () => startServer()));
  project.provide('baseUrls', servers.map((server) => server.url));
  return () => Promise.all(servers.map((server) => server.stop()));
}
