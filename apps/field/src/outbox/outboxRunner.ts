import { drainOutbox, retryDelayMs, type OutboxStore, type SendCall, type UploadImage } from './outbox.ts';

export interface OutboxRunner {
  /** Something was queued, the network came back or the technician asked: send now. */
  kick(): void;
  stop(): void;
}

interface RunnerOptions {
  store: OutboxStore;
  send: SendCall;
  upload: UploadImage;
  onSignedOut(): void;
  /** The window whose online state and 'online' event it follows. */
  host: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & { navigator: { onLine: boolean } };
}

/**
 * Drains the outbox whenever it may get through: at start, on every kick, when the browser says it
 * is online again, and after a failure on a backoff (2 s doubling to a minute). One drain at a time;
 * a kick during one makes it go round again.
 */
export function startOutboxRunner({ store, send, upload, onSignedOut, host }: RunnerOptions): OutboxRunner {
  let running = false;
  let again = false;
  let failures = 0;
  let timer: number | undefined;
  let stopped = false;

  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer !== undefined) host.clearTimeout(timer);
    timer = undefined;
    if (!host.navigator.onLine) return;
    running = true;
    try {
      do {
        again = false;
        // A storage or programming error is tried again like a network one: nothing is dropped.
        const result = await drainOutbox(store, send, upload).catch(() => 'retry' as const);
        if (result === 'signedOut') {
          onSignedOut();
          return;
        }
        if (result === 'retry') {
          failures += 1;
          timer = host.setTimeout(() => void run(), retryDelayMs(failures));
          return;
        }
        failures = 0;
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };

  const online = () => {
    failures = 0;
    void run();
  };
  host.addEventListener('online', online);
  void run();
  return {
    kick: () => void run(),
    stop: () => {
      stopped = true;
      host.removeEventListener('online', online);
      if (timer !== undefined) host.clearTimeout(timer);
    },
  };
}
