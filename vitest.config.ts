import { defineConfig } from 'vitest/config';

// One runner for every suite. The e2e project drives the real server in Debian's chromium.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // A worker per core, not vitest's default of one fewer: the server's files spend much of their
    // time waiting on PostgreSQL, child processes and sockets, and one worker on CI's 2 cores ran
    // every file of every project one by one.
    maxWorkers: '100%',
    projects: [
      // The unit projects keep a worker's modules from one file to the next (isolate: false) like the
      // server's: a fresh module graph and i18n setup per file cost the console's 103 files 32 s of
      // their 35, and their tests keep no module state another file reads (shuffled orders pass).
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/backend/db/template-global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A worker keeps its modules from one file to the next: importing the backend afresh cost
          // every file seconds, and the suite ~40% of its time. The files share no module state they
          // change (each opens its own database and server), and a Redis command left at a
          // gateway's close is logged, not left as an unhandled rejection (live-redis.ts).
          isolate: false,
        },
      },
      { extends: 'apps/console/vite.config.ts', test: { name: 'console', root: 'apps/console', include: ['src/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['src/i18n/testSetup.ts'], isolate: false } },
      { extends: 'apps/wallboard/vite.config.ts', test: { name: 'wallboard', root: 'apps/wallboard', include: ['src/**/*.test.{ts,tsx}'], environment: 'node', isolate: false } },
      { extends: 'apps/field/vite.config.ts', test: { name: 'field', root: 'apps/field', include: ['src/**/*.test.{ts,tsx}'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'e2e',
          root: 'apps/console',
          // The wallboard's and the field app's browser tests share this project, and so the one real server below.
          include: ['e2e/**/*.test.ts', '../wallboard/e2e/**/*.test.ts', '../field/e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/serverReady.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What a page draws comes after a request, a render and maybe a chart's animation: on CI's
          // 2 cores, shared with the server and a second test, vitest's default second to wait for it
          // failed tests that pass alone (a breadcrumb, a bar to click). A poll that must see nothing
          // change passes at once whatever the limit; the ones that wait for a change get ten seconds.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each worker against a server of its own (global-setup.ts): one
          // file at a time left a core idle while a page waited on its server or a timer.
          maxWorkers: 2,
          // Tests a file marks concurrent run two at a time: more would time the machine's 2 cores.
          maxConcurrency: 2,
          // After the other projects: a browser test beside the server's suite on 2 cores would be
          // timing the machine, not the product.
          sequence: { groupOrder: 1 },
          // One worker keeps playwright-core, @pest/shared and the helpers loaded from one file to the
          // next (importing them cost each file ~2 s, files one after another); the helpers keep no
          // state a file changes, and each file launches its own browser.
          isolate: false,
        },
      },
    ],
  },
});
