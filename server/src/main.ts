import { startServer } from './app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/seed/users.ts';
import { ConfigError, loadConfig, publicUrlWarning } from './config.ts';
import { markUnhealthy } from './gateway/health.ts';
import { backendCloseGraceMs } from './process/spawn-backend.ts';

const startedAt = performance.now();

let shutdown: ((reason: string, code: number) => void) | null = null;

// An error nothing caught leaves the process in a state nobody knows: say so, stop taking
// traffic, close what can be closed and exit, so that the supervisor starts a clean one.
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (error: unknown) => {
    process.stderr.write(`fatal: ${event}: ${(error as Error)?.stack ?? error}\n`);
    markUnhealthy();
    if (shutdown) shutdown(event, 1);
    else process.exit(1);
  });
}

try {
  const config = loadConfig();
  const embedded = !config.upstreamUrl;
  const server = await startServer();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [`Pest console ready at ${server.url} (started in ${seconds} s)`];
  if (embedded) {
    if (config.demo) {
      lines.push('Demo logins (reference backend):');
      for (const user of DEMO_USERS) lines.push(`  ${user.account} / ${DEMO_PASSWORD}  ${user.label}`);
    }
    lines.push(...server.banner);
    // The reference backend sends the notifications, so only its links need a real address.
    const warning = publicUrlWarning(config);
    if (warning) lines.push(warning);
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  // Longest a shutdown may take before the process exits anyway: the backend's grace, 5 s more for the gateway.
  const shutdownDeadlineMs = backendCloseGraceMs(config) + 5_000;
  let closing = false;
  shutdown = (reason, code) => {
    // A second request while closing means the operator does not want to wait.
    if (closing) process.exit(1);
    closing = true;
    process.stdout.write(`${reason}: shutting down\n`);
    setTimeout(() => {
      process.stderr.write(`shutdown took over ${shutdownDeadlineMs} ms; exiting\n`);
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    server.close().then(
      () => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${(error as Error).stack ?? error}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown!('SIGINT', 0));
  process.on('SIGTERM', () => shutdown!('SIGTERM', 0));
  // Started by the supervisor, which has gone: nobody would restart this process, so end it.
  process.on('disconnect', () => shutdown!('supervisor gone', 0));
  void server.failed.then((error) => {
    process.stderr.write(`fatal: ${error.message}\n`);
    markUnhealthy();
    shutdown!('fatal', 1);
  });
} catch (error) {
  // A configuration mistake gets its message only; anything else its stack.
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).stack ?? error}\n`);
  process.exit(1);
}
