import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_CENTER_PATH, AlarmKind, NotifyPaths, SessionPaths } from '@pest/shared';
import type { Db } from '../backend/db/db.ts';
import { openPglite } from '../backend/db/pglite.ts';
import { openPostgres } from '../backend/db/postgres.ts';
import { sendReport } from '../backend/devices/send-report.ts';
import { testDatabaseConfig, testDriver } from '../backend/db/testing.ts';
import { startHttpReceiver } from '../backend/common/testing-receivers.ts';
import type { Config } from '../config.ts';
import { eventually } from '../gateway/live/testing/live-client.ts';
import { spawnProduct } from './testing/spawn-product.ts';

/**
 * The outbox's promise: an alarm committed is a message sent, even when the process dies between
 * the two. The product is killed (-9) right after a capture is answered, long before its digest
 * window closes; restarted on the same data, it sends that message, once.
 */
const DEMO_ORGANISATION_ID = 1;

let overrides: Partial<Config>;
let cleanup: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;

beforeAll(async () => {
  ({ overrides, cleanup } = await testDatabaseConfig());
  receiver = await startHttpReceiver(() => ({ status: 200, body: '{"ok":true}' }));
});
afterAll(async () => {
  await receiver?.close();
  await cleanup?.();
});

async function openData(): Promise<Db> {
  if (overrides.databaseUrl) return openPostgres(overrides.databaseUrl, pino({ level: 'silent' }));
  return openPglite({ dataDir: path.join(overrides.dataDir!, 'db') });
}

/** A port free now on loopback, so both starts of the product listen on the same one. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
let port: number;
beforeAll(async () => {
  port = await freePort();
});

const startProduct = (digestWindowMs: number) =>
  spawnProduct(
    {
      PORT: String(port),
      // Unset: the links must follow the port the product listens on.
      PUBLIC_URL: '',
      CONSOLE_DIST: path.join(os.tmpdir(), 'pest-no-console'),
      UPSTREAM_URL: '',
      DATABASE_URL: overrides.databaseUrl ?? '',
      DATA_DIR: overrides.dataDir ?? os.tmpdir(),
      SEED_SCALE: overrides.seedScale!,
      SIMULATOR: 'off',
      NOTIFY_ALLOWED_HOSTS: receiver.host,
      NOTIFY_DIGEST_WINDOW_MS: String(digestWindowMs),
    },
    { detached: true },
  );

describe(`notifications through a crash on ${testDriver}`, () => {
  it('sends the message of an alarm committed just before a kill -9, once, after the restart', { timeout: 180_000 }, async () => {
    const readBox = async () => {
      const db = await openData();
      try {
        const [box] = await db.query<{ deviceNo: string; secret: string }>(
          `select d.device_no as "deviceNo", d.secret from devices d join customers s on s.id = d.customer_id
           where s.path[1] = $1 and d.gateway_id is null and d.secret is not null order by d.id limit 1`,
          [DEMO_ORGANISATION_ID],
        );
        return box!;
      } finally {
        await db.close();
      }
    };
    const early = overrides.databaseUrl ? null : await readBox();
    const first = await startProduct(10 * 60_000);
    const box = early ?? (await readBox());
    const post = async (url: string, body: object, headers: Record<string, string> = {}) =>
      (await fetch(first.url + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json() as Promise<{
        status: number;
        data: { token?: string; id?: number };
      }>;
    const token = (await post(SessionPaths.login, { account: 'admin', password: '123456' })).data.token!;
    const authorization = { authorization: `Bearer ${token}` };
    const channel = await post(NotifyPaths.channelSave, { type: 'webhook', name: '值班系统', url: receiver.url('/alarms') }, authorization);
    const rule = await post(
      NotifyPaths.ruleSave,
      { name: '捕鼠', customerIds: [DEMO_ORGANISATION_ID], types: [AlarmKind.trigger], channelIds: [channel.data.id], enabled: true },
      authorization,
    );
    expect(rule.status).toBe(200);

    const report = await sendReport(first.url, box, { event: 'capture' });
    expect(report.status).toBe(200);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    process.kill(-first.child.pid!, 'SIGKILL');
    await exited;
    expect(receiver.received).toHaveLength(0);

    // Restarted with a short window: the delivery the dead process queued is due at once.
    const second = await startProduct(1_000);
    await eventually(() => receiver.received.length > 0, 60_000, 'the message after the restart');
    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;

    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      link: `http://localhost:${port}${ALARM_CENTER_PATH}`,
      alarms: [{ kind: AlarmKind.trigger, content: '捕获老鼠' }],
    });
    const db = await openData();
    try {
      const deliveries = await db.query<{ status: string; attempts: number }>(`select status, attempts from notify_deliveries where reason = 'alarm'`);
      expect(deliveries).toEqual([{ status: 'sent', attempts: 1 }]);
    } finally {
      await db.close();
    }
  });
});
