import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { whenReady } from './server.ts';

/**
 * Every browser file starts once its worker's server answers with its whole demo (the global
 * setup launches the servers without waiting for them): at once when it already does, and with
 * the reason when a server did not come up.
 */
beforeAll(() => {
  const failures = inject('serverFailures');
  return whenReady(baseUrl(), {
    timeoutMs: 150_000,
    exited: () => (existsSync(failures) ? readFileSync(failures, 'utf8') : undefined),
  });
});
