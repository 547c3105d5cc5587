import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/** Whether this machine can start a Redis of its own for a test (the redis-server binary). */
export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A Redis only this test uses, so it can be stopped and started again: the shared one serves the
 * other tests. Nothing is written to disk, and a restart comes back empty, as after a crash.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it again on the same port and resolves once it answers. */
  async restart(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    // Its PING waits, redialling, until the server listens.
    const probe = new Redis(this.url, { retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => {});
    try {
      await probe.ping();
    } finally {
      probe.disconnect();
    }
  }

  /** Dies at once, as a crashed or killed Redis does, without closing its connections politely. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
