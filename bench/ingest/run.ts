// bench/ingest: LoRa uplinks as ChirpStack v4 publishes them, through a real Mosquitto into the product
// (server/src/main.ts in its own process, as `npm start` runs it, on PostgreSQL by default or PGlite
// with BENCH_DRIVER=pglite), decoded by a model's codec in its sandbox, recorded, alarms raised.
//   node --import tsx bench/ingest/run.ts
// The product and its BENCH_DEVICES (2000) boxes are set up through its own API (a device model with
// a codec, the boxes with their DevEUIs, a chirpstack-mqtt integration). The broker is a Mosquitto of
// the bench's own (the machine's binary), configured as a network server's broker should be for a
// storm (no cap on the messages queued for a subscriber; Mosquitto's default of 1000 drops the rest).
// Three measures:
//   1. throughput: BENCH_UPLINKS (30000) heartbeats published at once; uplinks a second from the first
//      publish until the integration has counted them all, and CPU per uplink (the product's process,
//      and PostgreSQL's processes on the postgres driver);
//   2. latency: 500 uplinks a second for BENCH_SECONDS (20), every 25th a catch at a box of its own;
//      p50/p99/max from its publish to its alarm in the alarm list (polled every 50 ms);
//   3. storm: 5000 uplinks published at once (a network server back from an outage) while an
//      operator's light calls (userInfo) and /healthz are timed every 100 ms until the last is recorded.
// Figures only; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mqtt from 'mqtt';
import pg from 'pg';
import {
  AlarmKind,
  CustomerKind,
  CustomerPaths,
  DeviceKind,
  DeviceModelPaths,
  DevicePaths,
  DeviceRegistrationPaths,
  IntegrationKind,
  IntegrationPaths,
  SessionPaths,
  type AlarmRecord,
  type Integration,
} from '@pest/shared';

const repoRoot = resolve(import.meta.dirname, '../..');
const DRIVER = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_ingest';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const UPLINKS = Number(process.env.BENCH_UPLINKS ?? 30_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LATENCY_RATE = 500;
const CATCH_EVERY = 25;
const STORM = 5000;
const dataDir = mkdtempSync(join(tmpdir(), 'pest-bench-ingest-'));
const brokerDir = mkdtempSync(join(tmpdir(), 'pest-bench-mosquitto-'));
const application = randomUUID();
/** A box's codec: byte 0 battery %, bytes 1–2 temperature ×10, byte 3 the event. */
const CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  return { data: { battery: b[0], temperature: ((b[1] << 8) | b[2]) / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]] } };
}`;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (${sorted.length})`;
};

/** CPU seconds (user + system) of a process and its descendants (the product runs its backend in a child), or of the processes named `name`. */
function cpuSeconds(which: { pid: number } | { name: string }): number {
  const ticks = 100;
  const stats = new Map<number, { name: string; parent: number; seconds: number }>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / ticks });
    } catch {
      // A process that ended meanwhile.
    }
  }
  if ('name' in which) return [...stats.values()].filter((stat) => stat.name === which.name).reduce((sum, stat) => sum + stat.seconds, 0);
  const inTree = (pid: number): boolean => pid === which.pid || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  return [...stats.entries()].filter(([pid]) => inTree(pid)).reduce((sum, [, stat]) => sum + stat.seconds, 0);
}

async function recreateDatabase() {
  const server = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await server.connect();
  const name = new URL(DATABASE_URL).pathname.slice(1);
  await server.query(`drop database if exists "${name}" with (force)`);
  await server.query(`create database "${name}"`);
  await server.end();
}

async function startBroker(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  writeFileSync(join(brokerDir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 0\nmax_inflight_messages 100\n`);
  const broker = spawn('mosquitto', ['-c', join(brokerDir, 'mosquitto.conf')], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await mqtt.connectAsync(url, { reconnectPeriod: 0 }).then((client) => client.endAsync().then(() => true), () => false)) break;
    if (i > 50) throw new Error('the bench broker did not start');
    await sleep(100);
  }
  return { url, process: broker };
}

async function startProduct(port: number, brokerUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_SCALE: 'small',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      INTEGRATION_ALLOWED_HOSTS: new URL(brokerUrl).host,
      ...(DRIVER === 'postgres' ? { DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.ok, () => false)) return child;
    await sleep(200);
  }
}

const broker = await startBroker();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let product: ChildProcess | undefined;
try {
  if (DRIVER === 'postgres') await recreateDatabase();
  product = await startProduct(port, broker.url);
  const signIn = async (account: string) => {
    const response = await fetch(`${base}${SessionPaths.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, password: '123456' }) });
    return `Bearer ${((await response.json()) as { data: { token: string } }).data.token}`;
  };
  const admin = await signIn('admin');
  const call = async <T>(path: string, body: unknown, token = admin): Promise<T> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const envelope = (await response.json()) as { status: number; message: string; data: T };
    if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };

  // The fleet, through the product's own doors.
  const stores = (await call<{ records: { id: number }[] }>(CustomerPaths.list, { current: 1, size: 100, kinds: [CustomerKind.store], state: 'active' })).records;
  const model = await call<{ id: number }>(DeviceModelPaths.save, { name: `Bench RB ${application.slice(0, 8)}`, vendor: 'Bench', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC });
  const devEuis = Array.from({ length: DEVICES }, (_, i) => `be${application.slice(0, 6)}${i.toString(16).padStart(8, '0')}`);
  const boxIds = new Map<string, number>();
  for (let i = 0; i < DEVICES; i += 16) {
    await Promise.all(
      devEuis.slice(i, i + 16).map(async (devEui, j) => {
        const { id } = await call<{ id: number }>(DeviceRegistrationPaths.add, {
          deviceNo: `BENCH-${devEui}`,
          deviceName: `压测鼠盒${i + j}`,
          deviceType: DeviceKind.loraRodentBox,
          customerId: stores[(i + j) % stores.length]!.id,
          devEui,
          modelId: model.id,
        });
        boxIds.set(devEui, id);
      }),
    );
  }
  const topic = `bench/${application}/application/+/device/+/event/up`;
  const integration = await call<{ id: number }>(IntegrationPaths.save, { name: 'Bench ChirpStack', kind: IntegrationKind.chirpstackMqtt, enabled: true, mqttUrl: broker.url, topic });
  const counted = async () => {
    const row = (await call<Integration[]>(IntegrationPaths.list, {})).find((candidate) => candidate.id === integration.id)!;
    return row;
  };
  while ((await counted()).state !== 'connected') await sleep(200);
  console.log(
    `ingest bench: ${DRIVER}, ${DEVICES} LoRa boxes over ${stores.length} stores, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at start (${new Date().toISOString().slice(0, 10)})`,
  );

  const publisher = await mqtt.connectAsync(broker.url, { clientId: `bench-publisher-${application}` });
  const fCnt = new Map<string, number>();
  const uplink = (devEui: string, event: number) => {
    const next = (fCnt.get(devEui) ?? 0) + 1;
    fCnt.set(devEui, next);
    return JSON.stringify({
      deduplicationId: randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { tenantId: application, applicationId: application, deviceProfileName: 'Bench RB', deviceName: devEui, devEui },
      devAddr: '01020304',
      dr: 5,
      fCnt: next,
      fPort: 2,
      confirmed: false,
      data: Buffer.from([80, 0, 225, event]).toString('base64'),
      rxInfo: [{ gatewayId: '0016c001ff10a235', uplinkId: 1, rssi: -80, snr: 7.5, context: 'AAAAAA==' }],
      txInfo: { frequency: 868_100_000, modulation: { lora: { bandwidth: 125_000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
    });
  };
  const publish = (devEui: string, event = 0) => publisher.publishAsync(`bench/${application}/application/${application}/device/${devEui}/event/up`, uplink(devEui, event), { qos: 1 });
  const waitForCount = async (target: number) => {
    for (;;) {
      const row = await counted();
      if (row.messagesToday >= target) return row;
      await sleep(100);
    }
  };

  // 1. Throughput.
  const before = (await counted()).messagesToday;
  const cpuBefore = { product: cpuSeconds({ pid: product.pid! }), postgres: DRIVER === 'postgres' ? cpuSeconds({ name: 'postgres' }) : 0 };
  const began = performance.now();
  const sent = Array.from({ length: UPLINKS }, (_, i) => publish(devEuis[i % DEVICES]!));
  await Promise.all(sent);
  const publishedIn = (performance.now() - began) / 1000;
  const throughputRow = await waitForCount(before + UPLINKS);
  const seconds = (performance.now() - began) / 1000;
  const cpu = { product: cpuSeconds({ pid: product.pid! }) - cpuBefore.product, postgres: DRIVER === 'postgres' ? cpuSeconds({ name: 'postgres' }) - cpuBefore.postgres : 0 };
  console.log(
    `1. throughput: ${UPLINKS} uplinks published in ${publishedIn.toFixed(1)} s, all recorded after ${seconds.toFixed(1)} s: ${(UPLINKS / seconds).toFixed(0)} uplinks/s;` +
      ` CPU per uplink ${((cpu.product * 1000) / UPLINKS).toFixed(2)} ms in the product's processes` +
      (DRIVER === 'postgres' ? ` + ${((cpu.postgres * 1000) / UPLINKS).toFixed(2)} ms in PostgreSQL` : '') +
      `; errors counted ${throughputRow.errorsToday}`,
  );

  // 2. Latency at LATENCY_RATE a second, each catch at a box of its own (a repeat would not be a new alarm).
  const catchAt = new Map<number, number>();
  const seenAfter: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling || catchAt.size > 0) {
      const page = await call<{ records: AlarmRecord[] }>(DevicePaths.alarmList, { current: 1, size: 200, alarmOnly: true, types: [AlarmKind.trigger], handled: false });
      const now = performance.now();
      for (const alarm of page.records) {
        const at = catchAt.get(alarm.boxId);
        if (at !== undefined) {
          seenAfter.push(now - at);
          catchAt.delete(alarm.boxId);
        }
      }
      await sleep(50);
    }
  })();
  const latencyStart = performance.now();
  const latencySends: Promise<unknown>[] = [];
  let catches = 0;
  for (let i = 0; i < LATENCY_RATE * SECONDS; i++) {
    const due = latencyStart + (i * 1000) / LATENCY_RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const isCatch = i % CATCH_EVERY === 0;
    const devEui = isCatch ? devEuis[catches++ % DEVICES]! : devEuis[(i * 7) % DEVICES]!;
    if (isCatch) catchAt.set(boxIds.get(devEui)!, performance.now());
    latencySends.push(publish(devEui, isCatch ? 1 : 0));
  }
  await Promise.all(latencySends);
  polling = false;
  await Promise.race([poller, sleep(30_000)]);
  console.log(`2. latency at ${LATENCY_RATE} uplinks/s for ${SECONDS} s, publish → alarm in the alarm list: ${summary(seenAfter)}${catchAt.size ? `, ${catchAt.size} not seen within 30 s` : ''}`);

  // 3. The storm: STORM uplinks at once, while an operator works and the orchestrator probes.
  const operator = await signIn('ops');
  const stormBefore = (await counted()).messagesToday;
  const light: number[] = [];
  const health: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    const samples: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; sampling; i++) {
      const due = start + i * 100;
      await sleep(Math.max(0, due - performance.now()));
      const timed = (url: string, into: number[], headers: Record<string, string> = {}) =>
        fetch(url, { headers }).then(async (res) => {
          await res.arrayBuffer();
          into.push(performance.now() - due);
        });
      samples.push(timed(`${base}${SessionPaths.userInfo}`, light, { authorization: operator }), timed(`${base}/healthz`, health));
    }
    await Promise.all(samples);
  })();
  await sleep(500);
  const stormStart = performance.now();
  await Promise.all(Array.from({ length: STORM }, (_, i) => publish(devEuis[i % DEVICES]!)));
  await waitForCount(stormBefore + STORM);
  const stormSeconds = (performance.now() - stormStart) / 1000;
  await sleep(500);
  sampling = false;
  await sampler;
  console.log(`3. storm of ${STORM} uplinks, all recorded after ${stormSeconds.toFixed(1)} s; meanwhile userInfo ${summary(light)}; /healthz ${summary(health)}`);
  await publisher.endAsync();
} finally {
  if (product) {
    const exited = new Promise((done) => product!.once('exit', done));
    product.kill('SIGTERM');
    await exited;
  }
  broker.process.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(brokerDir, { recursive: true, force: true });
}
