import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceKind } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, type TestBackend } from '../../backend/testing.ts';
import { DEMO_INTEGRATION_NAME, DEMO_MODEL_NAME, encodeDemoPayload } from './mqtt-fleet.ts';

/** The machine's Mosquitto (CI starts it when it is down). */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

/**
 * With MQTT_URL the demo's LoRa boxes report as real ones do: ChirpStack v4 uplinks with binary
 * payloads published to the broker, taken by the demo's integration and decoded by its model's
 * codec. Nothing of theirs is recorded past that door.
 */
describe(`the demo fleet over MQTT on ${testDriver}`, () => {
  let backend: TestBackend;
  const clock = createManualClock();
  const started = new Date(clock.now()).toISOString();

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'on', SIMULATOR_RATE: '20', MQTT_URL: BROKER }, clock });
  });
  afterAll(() => backend?.close());

  it('sets up a model with its codec and examples, the boxes’ DevEUIs and a ChirpStack integration, once', async () => {
    await vi.waitFor(
      async () => {
        const [integration] = await backend.db.query<{ state: string }>('select state from integrations where name = $1', [DEMO_INTEGRATION_NAME]);
        if (integration?.state !== 'connected') throw new Error(`demo integration ${integration?.state}`);
      },
      { timeout: 15_000, interval: 100 },
    );
    const [model] = await backend.db.query<{ examples: unknown[]; reportIntervalMinutes: number }>(
      'select examples, report_interval_minutes as "reportIntervalMinutes" from device_models where name = $1',
      [DEMO_MODEL_NAME],
    );
    expect(model).toMatchObject({ reportIntervalMinutes: 360 });
    expect(model!.examples).toHaveLength(3);
    const [boxes] = await backend.db.query<{ all: number; withEui: number }>(
      `select count(*)::int as all, count(d.dev_eui)::int as "withEui" from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.loraRodentBox} and d.retired_at is null`,
    );
    expect(boxes!.all).toBeGreaterThan(0);
    expect(boxes!.withEui).toBe(boxes!.all);
  });

  it("records the LoRa boxes' heartbeats only as uplinks through the integration, decoded by the codec", async () => {
    // 40 heartbeats a tick over the small fleet: a third of them LoRa boxes.
    for (let i = 0; i < 3; i++) await clock.advance(1_000);
    const throughDoor = async () =>
      (
        await backend.db.query<{ n: number }>(
          `select count(*)::int as n from device_uplinks u join integrations i on i.id = u.integration_id
           where i.name = $1 and u.received_at >= $2 and u.decoded->>'event' = 'heartbeat' and u.error is null`,
          [DEMO_INTEGRATION_NAME, started],
        )
      )[0]!.n;
    await expect.poll(throughDoor, { timeout: 10_000 }).toBeGreaterThan(5);
    const [bypassed] = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from device_heartbeats h join devices d on d.id = h.device_id
       where d.dev_eui is not null and h.at >= $1
         and not exists (select 1 from device_uplinks u where u.device_id = h.device_id and u.received_at = h.at)`,
      [started],
    );
    expect(bypassed!.n).toBe(0);
  });

  it('encodes what the codec reads back', () => {
    expect([...encodeDemoPayload({ battery: 80, temperature: -3.5, event: 'capture' })]).toEqual([80, 0xff, 0xdd, 1]);
    expect([...encodeDemoPayload({})]).toEqual([0xff, 0x80, 0x00, 0]);
  });
});
