import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server (gateway + reference backend on a fresh embedded database) for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
