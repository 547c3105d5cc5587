import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { DevicePaths, LiveEvents, SessionPaths, type DeviceRow } from '@pest/shared';
import { createTestBackend, signIn, type TestBackend } from '../../../backend/testing.ts';
import { loadConfig } from '../../../config.ts';
import { createGateway } from '../../create-gateway.ts';
import { connectLive, type TestLiveClient } from './live-client.ts';

export interface LiveTestGateway {
  backend: TestBackend;
  gateway: FastifyInstance;
  url: string;
  /** A fresh login (its own session and token) of a demo account. */
  login(account: string): Promise<string>;
  /** A device list as the token's owner sees it over HTTP. */
  devices(token: string): Promise<DeviceRow[]>;
  /** Logs the token out through the gateway, as the console does. */
  logout(token: string): Promise<number>;
  /** A socket.io client closed with the gateway. */
  client(token: unknown, url?: string): TestLiveClient;
  close(): Promise<void>;
}

/** A real gateway over the reference backend on a test database, for the live hub's own tests. */
export async function startLiveTestGateway(env: Record<string, string> = {}): Promise<LiveTestGateway> {
  const backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
  const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
  const gateway = await createGateway({
    upstreamUrl,
    consoleDist: '/nonexistent',
    logger: pino({ level: 'silent' }),
    config: loadConfig({ LIVE_POLL_MS: '200', ...env }),
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  const clients: TestLiveClient[] = [];

  return {
    backend,
    gateway,
    url,
    login: async (account) => (await signIn(backend.app, account)).authorization.slice('Bearer '.length),
    devices: async (token) =>
      (
        await backend.app.inject({
          method: 'POST',
          url: DevicePaths.list,
          headers: { authorization: `Bearer ${token}` },
          payload: { current: 1, size: 5000, isCustomer: true },
        })
      ).json<{ data: { records: DeviceRow[] } }>().data.records,
    logout: async (token) => (await fetch(`${url}${SessionPaths.logout}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status,
    client: (token, at = url) => {
      const client = connectLive(at, token);
      clients.push(client);
      return client;
    },
    close: async () => {
      for (const client of clients) client.close();
      await gateway.close();
      await backend.close();
    },
  };
}

/** Resolves with what ended the socket: the server's live:error message if it sent one, and the disconnect reason. */
export function ended(client: TestLiveClient): Promise<{ error: string | null; reason: string }> {
  return new Promise((resolve) => {
    let error: string | null = null;
    client.socket.on(LiveEvents.error, (payload: { message?: string }) => (error = payload?.message ?? null));
    client.socket.once('disconnect', (reason) => resolve({ error, reason }));
  });
}

/** The promise's value, or a failure naming `what` after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
