import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationKind, IntegrationPaths, IntegrationState } from '@pest/shared';
import type { Db } from '../../db/db.ts';
import { openTestDb, testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';

const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const STATE_WRITE = /^\s*update integrations set state = \$2/;

/**
 * An integration's states are saved in the order they happened. On a pool two updates sent at once
 * may commit in either order; here the database is made slow to save 'connecting', as a busy pool
 * would be, and the screen must still end on 'connected'.
 */
describe(`an MQTT integration's state on ${testDriver}`, () => {
  let real: Db;
  let backend: TestBackend;
  let pending = 0;
  const written: string[] = [];

  beforeAll(async () => {
    real = await openTestDb();
    const slowToSayConnecting: Db = {
      ...real,
      query: async <T,>(sql: string, params?: readonly unknown[]) => {
        if (!STATE_WRITE.test(sql)) return real.query<T>(sql, params);
        pending++;
        try {
          if (params?.[1] === IntegrationState.connecting) await new Promise((resolve) => setTimeout(resolve, 300));
          return await real.query<T>(sql, params);
        } finally {
          written.push(String(params?.[1]));
          pending--;
        }
      },
    };
    backend = await createTestBackend({ db: slowToSayConnecting, env: { INTEGRATION_ALLOWED_HOSTS: new URL(BROKER).host } });
  });
  afterAll(async () => {
    await backend?.close();
    await real?.close();
  });

  it("ends on 'connected' when saving 'connecting' is slower than connecting", async () => {
    const admin = await signIn(backend.app, 'admin');
    const saved = await backend.app.inject({
      method: 'POST',
      url: IntegrationPaths.save,
      headers: admin,
      payload: { name: '状态顺序', kind: IntegrationKind.chirpstackMqtt, enabled: true, mqttUrl: BROKER, topic: `application/${randomUUID()}/device/+/event/+` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ data: { id: number } }>().data.id;
    await expect.poll(() => pending === 0 && written.includes(IntegrationState.connected), { timeout: 10_000 }).toBe(true);
    expect(written.slice(-2)).toEqual([IntegrationState.connecting, IntegrationState.connected]);
    const [row] = await real.query<{ state: string }>('select state from integrations where id = $1', [id]);
    expect(row!.state).toBe(IntegrationState.connected);
  });
});
