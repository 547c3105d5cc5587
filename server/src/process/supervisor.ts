import { fork, type ChildProcess } from 'node:child_process';
import { restartDelayMs } from './restart-delay.ts';

/**
 * What `npm start` runs: the product (main.ts) in a child process, started again whenever it ends
 * on its own (a fatal error, the backend dying, an out-of-memory kill). A signal to the supervisor
 * closes the product gracefully and ends both.
 *
 * The product runs in its own process group, so that Ctrl-C in a terminal reaches only the
 * supervisor, which then asks the product to close once; main.ts ends itself if the supervisor
 * goes away without asking.
 */
const entry = new URL('../main.ts', import.meta.url);
/** A run this long counts as healthy: the next crash restarts at once again. */
const HEALTHY_RUN_MS = 60_000;

let child: ChildProcess | null = null;
let stopping = false;
let crashesInARow = 0;

function start() {
  const startedAt = Date.now();
  child = fork(entry, {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: 'inherit',
    detached: true,
  });
  child.once('exit', (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    crashesInARow = Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : crashesInARow + 1;
    const delay = restartDelayMs(crashesInARow);
    process.stderr.write(`supervisor: the product ended (${signal ?? `code ${code}`}); restarting in ${delay} ms\n`);
    setTimeout(start, delay);
  });
}

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (!child) process.exit(0);
  child.kill(signal);
}

process.on('SIGINT', () => stop('SIGTERM'));
process.on('SIGTERM', () => stop('SIGTERM'));
start();
