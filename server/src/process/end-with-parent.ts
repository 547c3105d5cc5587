import type { Logger } from 'pino';

export interface ChildEnding {
  /** What closing this process means, once it has something to close. */
  closeWith(close: () => Promise<void>): void;
  /** Closes once, then exits with `code` (1 when the close fails). */
  closeAndExit(code: number): void;
}

/**
 * How a process the product forks (the reference backend, a gateway worker) ends: when its parent
 * asks (a `close` message), when the parent is gone (the IPC channel closes: nobody would reach or
 * restart it), on SIGTERM, or on an error nothing caught (`onFatal` first); each way closes once
 * and exits. Ctrl-C in a terminal reaches the whole process group: the parent answers it by asking
 * for a close, so the child ignores the signal itself.
 */
export function endWithParent(logger: Logger, name: string, onFatal: () => void = () => {}): ChildEnding {
  let closing: Promise<void> | null = null;
  let close: () => Promise<void> = async () => {};
  const closeAndExit = (code: number) => {
    closing ??= close().then(
      () => process.exit(code),
      (error: unknown) => {
        logger.error({ err: error }, `${name} close failed`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {});
  process.on('message', (message: { type?: unknown } | null) => {
    if (message?.type === 'close') closeAndExit(0);
  });
  process.on('disconnect', () => closeAndExit(0));
  process.on('SIGTERM', () => closeAndExit(0));
  for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
    process.on(event, (error: unknown) => {
      logger.fatal({ err: error }, `${name}: ${event}; exiting`);
      onFatal();
      closeAndExit(1);
    });
  }
  return { closeWith: (next) => void (close = next), closeAndExit };
}
