// bench/alarms: what one incident and one catch cost an operator, on the real product in this
// process (reference backend on PGlite with its simulator on a manual clock, the real gateway).
//   npm run bench:alarms
// 1. Blast radius: BOXES LoRa boxes behind one gateway; the gateway and its boxes fall silent (no
//    heartbeats), the product's offline watch runs through its flap window on the manual clock;
//    prints the alarms raised (expected 1: the gateway's, its boxes linked to it) against the one
//    per device raised before.
// 2. Report → console latency: a box reports a capture over real HTTP through the gateway's device
//    report route (signed as a device signs it); a socket.io client subscribed to `alarmOverview`,
//    as the console's bell is, receives it among `newAlarms`. CAPTURES samples at random moments of
//    the live poll cycle, p50/p95/p99. The poll interval (LIVE_POLL_MS, the product's default
//    unless set) dominates.
// Env: BOXES (30), CAPTURES (100), LIVE_POLL_MS. Figures only; asserts nothing.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import {
  AlarmKind,
  AlarmPaths,
  DeviceKind,
  DevicePaths,
  DeviceStatus,
  LiveEvents,
  type AlarmOverviewChange,
  type AlarmRecord,
  type LiveUpdate,
} from '@pest/shared';
import { connected, connectLive, createGateway, createManualClock, createTestBackend, loadConfig, sendReport, signIn } from '@pest/server/testing';

const BOXES = Number(process.env.BOXES ?? 30);
const CAPTURES = Number(process.env.CAPTURES ?? 100);
const HOUR = 3_600_000;
/** The simulator's heartbeat interval (6 h) times OFFLINE_AFTER_MISSED_HEARTBEATS (3), and a sweep more. */
const FLAP_WINDOW_MS = 18 * HOUR;

const config = loadConfig(process.env);
const clock = createManualClock();
const start = clock.now();
// The product's simulator on the manual clock, at a rate so low it raises nothing of its own: the
// bench decides who is silent, and time only moves when the bench moves it.
const backend = await createTestBackend({ env: { SIMULATOR: 'on', SIMULATOR_RATE: '0.000001' }, clock });
await backend.app.listen({ host: '127.0.0.1', port: 0 });
const upstreamUrl = `http://127.0.0.1:${(backend.app.server.address() as AddressInfo).port}`;
const gateway = await createGateway({ upstreamUrl, consoleDist: '/nonexistent', logger: pino({ level: 'error' }), config });
await gateway.listen({ host: '127.0.0.1', port: 0 });
const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
const admin = await signIn(backend.app, 'admin');
const token = admin.authorization.slice('Bearer '.length);
console.log(`alarms bench: reference backend on ${backend.db.driver}, live poll interval ${config.livePollMs} ms`);

/** The gateway and the boxes behind it. */
let ours: number[];

// 1. Blast radius
{
  const db = backend.db;
  const [gw] = await db.query<{ id: number; customerId: number; organisation: number }>(
    `select g.id, g.customer_id as "customerId", s.path[1] as organisation
     from devices g join device_types t on t.id = g.device_type_id join customers s on s.id = g.customer_id
     where t.smart_kind = ${DeviceKind.loraGateway} order by g.id limit 1`,
  );
  // BOXES LoRa boxes of the gateway's organisation move behind it, into its store.
  const boxes = (
    await db.query<{ id: number }>(
      `select d.id from devices d join device_types t on t.id = d.device_type_id join customers s on s.id = d.customer_id
       where t.smart_kind = ${DeviceKind.loraRodentBox} and s.path[1] = $1 order by d.gateway_id = $2 desc, d.id limit $3`,
      [gw!.organisation, gw!.id, BOXES],
    )
  ).map((row) => row.id);
  if (boxes.length < BOXES) throw new Error(`only ${boxes.length} LoRa boxes in the organisation`);
  ours = [gw!.id, ...boxes];
  await db.query(`update devices set gateway_id = $1, customer_id = $2 where id = any($3::int[])`, [gw!.id, gw!.customerId, boxes]);
  // All of them heard just now, nothing waiting; the rest of the fleet heard after the run, so the watch judges only these.
  await db.query(`update devices set last_communication_at = $2 where not (id = any($1::int[]))`, [ours, new Date(start + 2 * FLAP_WINDOW_MS).toISOString()]);
  await db.query(
    `update device_events set state = 'handled', handled = true, handled_at = $2, ack_at = coalesce(ack_at, $2)
     where device_id = any($1::int[]) and state <> 'handled'`,
    [ours, new Date(start).toISOString()],
  );
  await db.query(`update devices set status = ${DeviceStatus.online}, has_unhandled_alarm = false, last_communication_at = $2 where id = any($1::int[])`, [
    ours,
    new Date(start).toISOString(),
  ]);

  // The gateway is cut: neither it nor its boxes report. The watch sweeps every minute.
  const began = performance.now();
  await clock.advance(FLAP_WINDOW_MS + 2 * 60_000);
  const sweptMs = performance.now() - began;
  const raised = await db.query<{ deviceId: number; severity: string; content: string }>(
    `select device_id as "deviceId", severity, content from device_events
     where device_id = any($1::int[]) and created_at > $2 and kind <> ${AlarmKind.online} and gateway_alarm_id is null order by id`,
    [ours, new Date(start).toISOString()],
  );
  const page = await backend.app.inject({
    method: 'POST',
    url: DevicePaths.alarmList,
    headers: admin,
    payload: { current: 1, size: 100, alarmOnly: true, states: ['open'], customerIds: [gw!.customerId] },
  });
  const listed = page.json<{ data: { records: AlarmRecord[] } }>().data.records.filter((record) => ours.includes(record.boxId));
  const [linked] = await db.query<{ n: number }>(
    `select count(*)::int as n from device_events where device_id = any($1::int[]) and gateway_alarm_id is not null and created_at > $2`,
    [boxes, new Date(start).toISOString()],
  );
  console.log(
    `\nblast radius: gateway ${gw!.id} cut with ${BOXES} LoRa boxes behind it, ${(FLAP_WINDOW_MS / HOUR).toFixed(0)} h of manual clock swept in ${(sweptMs / 1000).toFixed(1)} s`,
  );
  console.log(`  alarms raised: ${raised.length} (expected 1; one per device before, ${ours.length})`);
  for (const alarm of raised) console.log(`    device ${alarm.deviceId}: ${alarm.severity} "${alarm.content}"`);
  console.log(`  in 告警中心's open list: ${listed.length}, linkedCount ${listed.map((record) => record.linkedCount).join(', ')}; linked rows ${linked!.n}`);
}

// 2. Report → console latency for a capture
{
  const devices = await backend.db.query<{ id: number; deviceNo: string; secret: string }>(
    `select d.id, d.device_no as "deviceNo", d.secret from devices d join device_types t on t.id = d.device_type_id
     where d.secret is not null and t.smart_kind <> ${DeviceKind.loraGateway} and not (d.id = any($1::int[]))
     order by d.id limit 20`,
    [ours],
  );
  const client = connectLive(gatewayUrl, token);
  const arrivals = new Map<number, number>();
  client.socket.on(LiveEvents.update, (update: LiveUpdate<'alarmOverview'>) => {
    for (const alarm of (update.data as AlarmOverviewChange).newAlarms) if (!arrivals.has(alarm.id)) arrivals.set(alarm.id, Date.now());
  });
  await connected(client);
  await client.subscribe('alarmOverview', {});
  await sleep(config.livePollMs * 2);
  const latencies: number[] = [];
  let lost = 0;
  for (let i = 0; i < CAPTURES; i++) {
    await sleep(Math.random() * config.livePollMs);
    const device = devices[i % devices.length]!;
    const reportedAt = Date.now();
    const response = await sendReport(gatewayUrl, device, { event: 'capture' });
    if (response.status !== 200) throw new Error(`report refused: ${response.status} ${await response.text()}`);
    const [alarm] = await backend.db.query<{ id: number }>(
      `select id from device_events where device_id = $1 and kind = ${AlarmKind.trigger} and state <> 'handled'`,
      [device.id],
    );
    const until = Date.now() + config.livePollMs * 4 + 5000;
    while (!arrivals.has(alarm!.id) && Date.now() < until) await sleep(5);
    const arrived = arrivals.get(alarm!.id);
    if (arrived === undefined) lost++;
    else latencies.push(arrived - reportedAt);
    // Staff handle it, so the box's next capture is a new alarm rather than a repeat.
    await backend.app.inject({ method: 'POST', url: AlarmPaths.handle, headers: admin, payload: { ids: [alarm!.id], note: '已清理鼠盒' } });
  }
  client.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  console.log(
    `\ncapture → console (alarmOverview newAlarms) over ${sorted.length} captures, poll ${config.livePollMs} ms: p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${sorted.at(-1)} ms${lost ? `; ${lost} never arrived` : ''}`,
  );
}

await gateway.close();
await backend.close();
