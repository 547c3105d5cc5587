import { AlarmKind, CHINA_TIME_ZONE, DeviceKind, DevicePaths, type StoreStatus } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const HOUR = 3_600_000;

/** China wall time of an instant, as the API writes it. */
const chinaTime = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The wallboard map's inputs per store (open critical and major alarms, the oldest, boxes dark
 * behind a gateway), read through the API and checked against rows written here and counted
 * straight from device_events.
 */
describe(`store status for the wallboard map on ${testDriver}`, () => {
  let backend: TestBackend;
  let manager: Record<string, string>;
  let storeId: number;
  const now = Date.now();

  const storeStatus = async (headers: Record<string, string>) => {
    const response = await backend.app.inject({ method: 'POST', url: DevicePaths.storeStatus, headers, payload: {} });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: StoreStatus[] }>().data;
  };
  const insertAlarm = async (deviceId: number, kind: number, severity: string | null, at: number, extra: { handled?: boolean; gatewayAlarmId?: number } = {}) => {
    const handled = extra.handled ?? false;
    const [row] = await backend.db.query<{ id: number }>(
      `insert into device_events (device_id, customer_id, kind, content, content_key, content_params, created_at, handled, handled_at, state, ack_at, severity, last_at, gateway_alarm_id)
       select d.id, d.customer_id, $2, 'test', 'text', '{"text": "test"}', $3, $4, case when $4 then $3::timestamptz end, case when $4 then 'handled' else 'open' end,
              case when $4 then $3::timestamptz end, $5, $3, $6
       from devices d where d.id = $1
       returning id`,
      [deviceId, kind, new Date(at).toISOString(), handled, severity, extra.gatewayAlarmId ?? null],
    );
    return row!.id;
  };

  beforeAll(async () => {
    backend = await createTestBackend();
    manager = await signIn(backend.app, '13800000001');
    // A store of the manager's organisation with a gateway and at least four boxes behind it.
    const [store] = await backend.db.query<{ id: number }>(
      `select s.id from customers s
       join devices g on g.customer_id = s.id join device_types t on t.id = g.device_type_id and t.smart_kind = ${DeviceKind.loraGateway}
       where s.path[1] = $1 and (select count(*) from devices b where b.gateway_id = g.id) >= 4
       order by s.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    storeId = store!.id;
    // Start the store from a clean slate: every alarm it has is handled.
    await backend.db.query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now())
       where customer_id = $1 and state <> 'handled'`,
      [storeId],
    );
    await backend.db.query(
      `update devices d set has_unhandled_alarm = false where d.customer_id = $1`,
      [storeId],
    );
  });
  afterAll(() => backend?.close());

  it('counts open critical and major alarms of every kind (a box\'s own offline alarm too), leaves handled ones out, and dates the oldest', async () => {
    const boxes = await backend.db.query<{ id: number }>(
      `select d.id from devices d join device_types t on t.id = d.device_type_id
       where d.customer_id = $1 and t.smart_kind <> ${DeviceKind.loraGateway} order by d.id limit 4`,
      [storeId],
    );
    const [a, b, c, d] = boxes.map((box) => box.id) as [number, number, number, number];
    expect((await storeStatus(manager)).find((store) => store.customerId === storeId)).toMatchObject({ openCritical: 0, openMajor: 0, oldestOpenAlarmAt: null, darkBoxes: 0 });

    await insertAlarm(a, AlarmKind.trigger, 'critical', now - 2 * HOUR);
    await insertAlarm(b, AlarmKind.highTemperature, 'major', now - 5 * HOUR);
    await insertAlarm(c, AlarmKind.offline, 'major', now - 30 * HOUR);
    await insertAlarm(d, AlarmKind.trigger, 'critical', now - 50 * HOUR, { handled: true });
    await insertAlarm(d, AlarmKind.lowBattery, 'minor', now - 60 * HOUR);

    const status = (await storeStatus(manager)).find((store) => store.customerId === storeId);
    expect(status).toMatchObject({ openCritical: 1, openMajor: 2, oldestOpenAlarmAt: chinaTime(now - 30 * HOUR), darkBoxes: 0 });
  });

  it('paints a store with only open offline alarms major, as the feed beside the map lists them', async () => {
    const [other] = await backend.db.query<{ id: number; box: number }>(
      `select s.id, min(d.id)::int as box from customers s join devices d on d.customer_id = s.id
       where s.path[1] = $1 and s.id <> $2 group by s.id order by s.id limit 1`,
      [DEMO_ORGANISATION_ID, storeId],
    );
    await backend.db.query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now()) where customer_id = $1 and state <> 'handled'`,
      [other!.id],
    );
    await insertAlarm(other!.box, AlarmKind.offline, 'major', now - 7 * 24 * HOUR);
    const status = (await storeStatus(manager)).find((store) => store.customerId === other!.id);
    expect(status).toMatchObject({ openCritical: 0, openMajor: 1, oldestOpenAlarmAt: chinaTime(now - 7 * 24 * HOUR) });
  });

  it('counts the boxes dark behind the store\'s open gateway-offline alarm as its blast radius', async () => {
    const [gateway] = await backend.db.query<{ id: number }>(
      `select g.id from devices g join device_types t on t.id = g.device_type_id and t.smart_kind = ${DeviceKind.loraGateway}
       where g.customer_id = $1 and (select count(*) from devices b where b.gateway_id = g.id) >= 4 order by g.id limit 1`,
      [storeId],
    );
    const behind = await backend.db.query<{ id: number }>('select id from devices where gateway_id = $1 order by id limit 4', [gateway!.id]);
    const at = now - 90 * 60_000;
    const gatewayAlarm = await insertAlarm(gateway!.id, AlarmKind.offline, 'critical', at);
    // The boxes' own offline alarms (if any) make way for rows linked to the gateway's, as the outage writer does.
    await backend.db.query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now())
       where device_id = any($1::int[]) and kind = ${AlarmKind.offline} and state <> 'handled'`,
      [behind.map((box) => box.id)],
    );
    for (const box of behind) await insertAlarm(box.id, AlarmKind.offline, 'major', at, { gatewayAlarmId: gatewayAlarm });

    const status = (await storeStatus(manager)).find((store) => store.customerId === storeId);
    expect(status).toMatchObject({ openCritical: 2, darkBoxes: behind.length });

    await backend.db.query(`update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = now() where id = $1 or gateway_alarm_id = $1`, [gatewayAlarm]);
    expect((await storeStatus(manager)).find((store) => store.customerId === storeId)).toMatchObject({ openCritical: 1, darkBoxes: 0 });
  });

  it('agrees with device_events for every store of the seeded history', async () => {
    const admin = await signIn(backend.app, 'admin');
    const stores = await storeStatus(admin);
    const expected = await backend.db.query<{ id: number; critical: number; major: number; oldest: string | null; dark: number }>(
      `select s.id,
              (select count(*)::int from device_events e join devices d on d.id = e.device_id
               where d.customer_id = s.id and e.state <> 'handled' and e.gateway_alarm_id is null and e.severity = 'critical') as critical,
              (select count(*)::int from device_events e join devices d on d.id = e.device_id
               where d.customer_id = s.id and e.state <> 'handled' and e.gateway_alarm_id is null and e.severity = 'major') as major,
              (select to_char(min(e.created_at) at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') from device_events e join devices d on d.id = e.device_id
               where d.customer_id = s.id and e.state <> 'handled' and e.gateway_alarm_id is null
                 and e.severity in ('critical', 'major')) as oldest,
              (select count(*)::int from device_events l join device_events g on g.id = l.gateway_alarm_id join devices d on d.id = g.device_id
               where d.customer_id = s.id and g.state <> 'handled') as dark
       from customers s where exists (select 1 from devices d where d.customer_id = s.id)
       order by s.id`,
    );
    expect(stores.map(({ customerId, openCritical, openMajor, oldestOpenAlarmAt, darkBoxes }) => ({ id: customerId, critical: openCritical, major: openMajor, oldest: oldestOpenAlarmAt, dark: darkBoxes }))).toEqual(expected);
    // The seeded history has something to act on, or this comparison proves little.
    expect(expected.some((store) => store.critical > 0)).toBe(true);
    expect(expected.some((store) => store.major > 0)).toBe(true);
  });
});
