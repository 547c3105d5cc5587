import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, type TestBackend } from '../testing.ts';

describe(`device simulator on ${testDriver}`, () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'on', SIMULATOR_RATE: '40' } });
  });
  afterAll(() => backend?.close());

  const counts = async () =>
    (
      await backend.db.query<{ heartbeats: number; events: number; handled: number; seen: string }>(
        `select (select count(*)::int from device_heartbeats) as heartbeats, (select count(*)::int from device_events) as events,
                (select count(*)::int from device_events where handled) as handled,
                (select max(last_communication_at)::text from devices) as seen`,
      )
    )[0]!;

  it('writes reports through the report path while the backend runs, and stops with it', async () => {
    const before = await counts();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const after = await counts();
    expect(after.heartbeats).toBeGreaterThan(before.heartbeats + 20);
    expect(after.seen > before.seen).toBe(true);
    expect(after.events + after.handled).toBeGreaterThan(before.events + before.handled);

    await backend.app.close();
    const stopped = await counts();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await counts()).toEqual(stopped);
  });

  it('is off unless asked for in tests, and SIMULATOR=off turns it off', async () => {
    const quiet = await createTestBackend({ logger: pino({ level: 'silent' }), env: { SIMULATOR: 'off' } });
    try {
      const read = () => quiet.db.query<{ n: number }>('select count(*)::int as n from device_heartbeats');
      const [before] = await read();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await read())[0]).toEqual(before);
    } finally {
      await quiet.close();
    }
  });
});
