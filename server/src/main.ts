import { startServer } from './app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './backend/db/seed/users.ts';
import { ConfigError, loadConfig } from './config.ts';

const startedAt = performance.now();

try {
  const embedded = !loadConfig().upstreamUrl;
  const server = await startServer();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [`Pest console ready at ${server.url} (started in ${seconds} s)`];
  if (embedded) {
    lines.push('Demo logins (reference backend):');
    for (const user of DEMO_USERS) lines.push(`  ${user.account} / ${DEMO_PASSWORD}  ${user.label}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  closeOnSignals(server.close);
} catch (error) {
  // A configuration mistake gets its message only; anything else its stack.
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).stack ?? error}\n`);
  process.exit(1);
}

function closeOnSignals(close: () => Promise<void>) {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal while closing means the operator does not want to wait.
    if (closing) process.exit(1);
    closing = true;
    process.stdout.write(`${signal}: shutting down\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${(error as Error).stack ?? error}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
