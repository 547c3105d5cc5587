import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { failuresLogged } from './live-redis.ts';

/**
 * socket.io's Redis adapter drops the promises of what it publishes and subscribes. A command still
 * queued when its client closes must end in the log, not as an unhandled rejection that ends the
 * gateway (seen when a test's gateway closed just after a logout published the revocation).
 */
describe('the live hub’s Redis adapter clients', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('logs a publish and a subscribe that the closing client never sent, and leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', onUnhandled);
    const logged: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logged.push(line) });
    // Nothing listens on port 1: the commands wait in the offline queue until the client closes.
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: () => 1_000 });
    client.on('error', () => undefined);
    failuresLogged(client, ['publish', 'psubscribe'], logger);
    void client.connect().catch(() => undefined);
    void client.publish('live:token-revoked', 'x');
    void client.psubscribe('live:*');
    client.disconnect();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));

    expect(unhandled).toEqual([]);
    const failures = logged.map((line) => JSON.parse(line) as { command?: string; err?: { message: string } }).filter((entry) => entry.command);
    expect(failures.map((entry) => entry.command).sort()).toEqual(['psubscribe', 'publish']);
    expect(failures[0]!.err!.message).toBe('Connection is closed.');
  });

  it('still hands the caller the answer', async () => {
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: () => 1_000 });
    client.on('error', () => undefined);
    failuresLogged(client, ['publish'], pino({ level: 'silent' }));
    void client.connect().catch(() => undefined);
    const answer = client.publish('live:token-revoked', 'x');
    client.disconnect();
    await expect(answer).rejects.toThrow('Connection is closed.');
  });
});
