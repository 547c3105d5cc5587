import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import {
  createCuttableProxy,
  createGateway,
  createTestBackend,
  loadConfig,
  sendReport,
  type Clock,
  type TestBackend,
} from '@pest/server/testing';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface InProcessProduct {
  backend: TestBackend;
  /** The TCP hop between gateway and backend: `cut()` is an upstream outage, `restore()` its end. */
  upstream: Awaited<ReturnType<typeof createCuttableProxy>>;
  url: string;
  /** A device reports through the gateway, signed with its own secret, as a real one would. */
  report(deviceId: number, body: Record<string, unknown>): Promise<Response>;
  stopGateway(): Promise<void>;
  /** The gateway again, on the same port, as after a restart. */
  startGateway(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The product for live browser tests, in this process rather than the shared e2e server: the test
 * can read a device's secret from the database, cut the upstream and restart the gateway. Everything
 * else is real (HTTP, socket.io, the database, both built apps).
 */
export async function startInProcessProduct({
  pollMs,
  backendEnv = {},
  backendClock,
}: {
  pollMs: number;
  /** The backend's settings over the tests' defaults, e.g. the simulator on at a speed. */
  backendEnv?: Record<string, string>;
  /** The backend's time (its today, its simulator and scheduler), when a test sets the moment itself. */
  backendClock?: Clock;
}): Promise<InProcessProduct> {
  const backend = await createTestBackend({ env: { SIMULATOR: 'off', ...backendEnv }, clock: backendClock });
  await backend.app.listen({ host: '127.0.0.1', port: 0 });
  const upstream = await createCuttableProxy((backend.app.server.address() as AddressInfo).port);
  let port = 0;
  let gateway: FastifyInstance | null = null;
  const startGateway = async () => {
    gateway = await createGateway({
      upstreamUrl: upstream.url,
      consoleDist: resolve(repoRoot, 'apps/console/dist'),
      logger: pino({ level: 'silent' }),
      config: loadConfig({ LIVE_POLL_MS: String(pollMs), WALLBOARD_DIST: resolve(repoRoot, 'apps/wallboard/dist') }),
    });
    await gateway.listen({ host: '127.0.0.1', port });
    port = (gateway.server.address() as AddressInfo).port;
  };
  const stopGateway = async () => {
    const closing = gateway?.close();
    // As a process that restarts: every connection dropped, a request in flight included, where
    // close() alone waits for it (once, after the audit pack's browser test, ~60 s).
    gateway?.server.closeAllConnections();
    await closing;
    gateway = null;
  };
  await startGateway();
  const url = `http://127.0.0.1:${port}`;

  return {
    backend,
    upstream,
    url,
    startGateway,
    stopGateway,
    async report(deviceId, body) {
      const [device] = await backend.db.query<{ deviceNo: string; secret: string }>(
        'select device_no as "deviceNo", secret from devices where id = $1',
        [deviceId],
      );
      return sendReport(url, device!, body);
    },
    async close() {
      await stopGateway();
      await upstream.close();
      await backend.close();
    },
  };
}
