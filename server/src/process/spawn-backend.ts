import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { BACKEND_CONFIG_ENV, type BackendMessage, type ParentMessage } from './backend-messages.ts';

/** How much lower than the gateway the backend's CPU priority is (nice value, 0–19). */
const BACKEND_NICENESS = 5;
/**
 * How long a closing backend gets to finish its requests and close its database before it is
 * killed: at least 10 s, and a whole notification send (NOTIFY_TIMEOUT_MS) with 5 s to spare, so a
 * send in flight at SIGTERM ends and is recorded, not cut and sent again after the restart.
 */
export const backendCloseGraceMs = (config: Pick<Config, 'notifyTimeoutMs'>) => Math.max(10_000, config.notifyTimeoutMs + 5_000);

export interface BackendProcess {
  /** Where the backend listens on loopback. */
  url: string;
  /** What the backend has to say in the start banner. */
  banner: string[];
  pid: number;
  /** Asks the backend to close, and kills it if it has not within the grace period. */
  close(): Promise<void>;
}

/**
 * Starts the reference backend in a child process (backend-child.ts) and waits until it listens.
 * First starts generate the demo data, which takes a while at the larger scales: there is no
 * start timeout; the child's own errors end the wait. `onUnexpectedExit` is called when the
 * backend ends without having been asked to.
 */
export async function spawnBackend(config: Config, logger: Logger, onUnexpectedExit: (code: number | null) => void): Promise<BackendProcess> {
  const child = fork(new URL('./backend-child.ts', import.meta.url), {
    execArgv: ['--import', import.meta.resolve('tsx')],
    env: { ...process.env, [BACKEND_CONFIG_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The gateway's work is short and latency-bound (health checks, static files, sockets); the
  // backend's can be long. When both want the CPU, the gateway goes first.
  try {
    setPriority(child.pid!, BACKEND_NICENESS);
  } catch {
    // Not permitted here (some containers): both run at the same priority.
  }
  let closing = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const { url, banner } = await new Promise<{ url: string; banner: string[] }>((resolve, reject) => {
    child.on('message', (message: BackendMessage) => {
      if (message.type === 'ready') resolve(message);
      if (message.type === 'failed') reject(new Error(`reference backend failed to start:\n${message.message}`));
    });
    void exited.then((code) => reject(new Error(`reference backend exited with code ${code} while starting`)));
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });

  // Registered once started: an exit while starting is the start's own failure.
  void exited.then((code) => {
    if (closing) return;
    logger.fatal({ code }, 'reference backend exited unexpectedly');
    onUnexpectedExit(code);
  });

  return {
    url,
    banner,
    pid: child.pid!,
    async close() {
      if (closing) return void (await exited);
      closing = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' } satisfies ParentMessage);
      const killer = setTimeout(() => child.kill('SIGKILL'), backendCloseGraceMs(config));
      await exited;
      clearTimeout(killer);
    },
  };
}
