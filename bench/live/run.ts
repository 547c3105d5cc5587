// bench/live: the live push at scale, against the real reference backend and the real gateway.
//   node --import tsx bench/live/run.ts
// 1. Coalescing: upstream polls per interval with 1 and with COALESCE_CLIENTS identical subscribers
//    (target ratio 1.00).
// 2. Alarm latency: an alarm a device reports to the reference backend → received by a subscribed
//    client, ALARM_SAMPLES times at random moments of the poll cycle (target p99 ≤ interval + 250 ms).
// 3. Fan-out: CLIENTS socket.io clients (in CLIENT_PROCESSES processes) on one topic of the gateway;
//    one device change → delivery latency after the gateway had it, and gateway RSS per idle socket;
//    then the same update sent by a bare socket.io server (nothing of ours: socket.io's own share)
//    and by a plain `ws` broadcaster (targets: p99 ≤ 200 ms, RSS per socket ≤ 1.2× ws). Each server
//    runs alone in its own process.
// Env: CLIENTS (10000), CLIENT_PROCESSES (4), LIVE_POLL_MS (3000), COALESCE_CLIENTS (1000),
// ALARM_SAMPLES (30), ROUNDS (5). Figures only; asserts nothing.
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DevicePaths,
  LiveEvents,
  type AlarmOverviewChange,
  type DeviceListChange,
  type DeviceRow,
  type LiveUpdate,
} from '@pest/shared';
import { connected, connectLive, createTestBackend, sendReport, signIn } from '@pest/server/testing';
import type { ClientReply, ClientRequest } from './client-process.ts';
import type { ServerReply, ServerRequest } from './child-process.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 4);
const POLL_MS = Number(process.env.LIVE_POLL_MS ?? 3000);
const COALESCE_CLIENTS = Number(process.env.COALESCE_CLIENTS ?? 1000);
const ALARM_SAMPLES = Number(process.env.ALARM_SAMPLES ?? 30);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const FAN_OUT_PAGE = { current: 1, size: 20 };

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const execArgv = ['--import', 'tsx', '--expose-gc'];

function ask<R extends { type: string }>(child: ChildProcess, request: unknown, replyType: R['type']): Promise<R> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: R) => {
      if (reply.type !== replyType) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number) => reject(new Error(`child exited (${code}) before '${replyType}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (request) child.send(request as object);
  });
}

async function startServerProcess(file: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number; rss(): Promise<number> }> {
  const child = fork(here(file), { execArgv, env: { ...process.env, ...env } });
  const { port } = await ask<Extract<ServerReply, { type: 'ready' }>>(child, null, 'ready');
  const rss = async () => (await ask<Extract<ServerReply, { type: 'rss' }>>(child, { type: 'rss' } satisfies ServerRequest, 'rss')).bytes;
  return { child, port, rss };
}

/** `count` clients spread over `processes` processes; resolves when all are connected (and subscribed). */
async function startClients(env: Record<string, string>, count: number, processes: number) {
  const children = Array.from({ length: processes }, (_, i) => {
    const share = Math.floor(count / processes) + (i < count % processes ? 1 : 0);
    return fork(here('client-process.ts'), { execArgv, env: { ...process.env, ...env, COUNT: String(share) } });
  });
  const started = Date.now();
  await Promise.all(children.map((child) => ask<ClientReply>(child, { type: 'connect' } satisfies ClientRequest, 'connected')));
  const connectMs = Date.now() - started;
  const collect = async () => {
    const replies = await Promise.all(
      children.map((child) => ask<Extract<ClientReply, { type: 'collected' }>>(child, { type: 'collect' } satisfies ClientRequest, 'collected')),
    );
    return { received: replies.reduce((sum, r) => sum + r.received, 0), latencies: replies.flatMap((r) => r.latencies) };
  };
  const close = async () => {
    await Promise.all(children.map((child) => ask<ClientReply>(child, { type: 'close' } satisfies ClientRequest, 'closed')));
    for (const child of children) child.disconnect();
  };
  return { connectMs, collect, close };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}
const fmt = (s: ReturnType<typeof summary>) => `n=${s.n} p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms`;

/** Waits until the clients have received `expected` updates in all (or the timeout passes). */
async function awaitDelivery(collect: () => Promise<{ received: number; latencies: number[] }>, expected: number, timeoutMs: number) {
  const latencies: number[] = [];
  let received = 0;
  const until = Date.now() + timeoutMs;
  while (received < expected && Date.now() < until) {
    await sleep(250);
    const batch = await collect();
    received += batch.received;
    latencies.push(...batch.latencies);
  }
  return { received, latencies };
}

// The reference backend, counting the upstream requests it receives by path.
const backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
await backend.app.listen({ host: '127.0.0.1', port: 0 });
const upstreamUrl = `http://127.0.0.1:${(backend.app.server.address() as AddressInfo).port}`;
/** When the device list was asked for: the pollers' calls, counted where the upstream receives them. */
const listCalls: number[] = [];
backend.app.server.on('request', (request) => {
  if (request.url!.split('?')[0] === DevicePaths.list) listCalls.push(Date.now());
});
const token = (await signIn(backend.app, 'admin')).authorization.slice('Bearer '.length);
// Every bench client is the same admin login, far past the per-user caps meant for people.
const everyClient = String(Math.max(CLIENTS, COALESCE_CLIENTS) + 100);
const gateway = await startServerProcess('gateway-process.ts', {
  UPSTREAM_URL: upstreamUrl,
  LIVE_POLL_MS: String(POLL_MS),
  LIVE_MAX_SOCKETS_PER_USER: everyClient,
  LIVE_MAX_SOCKETS_PER_TOKEN: everyClient,
  LOG_LEVEL: 'error',
});
const gatewayUrl = `http://127.0.0.1:${gateway.port}`;
console.log(`live bench: poll interval ${POLL_MS} ms, reference backend on ${backend.db.driver}, gateway pid ${gateway.child.pid}`);

// 1. Coalescing
async function pollsPerInterval(clients: number): Promise<number> {
  const group = await startClients(
    { KIND: 'socketio', URL: gatewayUrl, TOKEN: token, TOPIC: 'deviceList', PARAMS: JSON.stringify({ current: 3, size: 20 }) },
    clients,
    1,
  );
  const from = listCalls.length;
  await sleep(POLL_MS * 15);
  // Polls between the first and the last call of the window, per interval of that span: a window
  // counted in whole polls would be off by one poll either way.
  const calls = listCalls.slice(from);
  const rate = (calls.length - 1) / ((calls.at(-1)! - calls[0]!) / POLL_MS);
  await group.close();
  await sleep(POLL_MS * 2); // the poller stops with its last subscriber
  return rate;
}
const single = await pollsPerInterval(1);
const many = await pollsPerInterval(COALESCE_CLIENTS);
console.log(`\ncoalescing: upstream polls per interval, 1 subscriber ${single.toFixed(2)}, ${COALESCE_CLIENTS} subscribers ${many.toFixed(2)} → ratio ${(many / single).toFixed(2)} (target 1.00)`);

// 2. Alarm latency: signed device reports to the reference backend, as a real gateway would send them.
{
  const devices = await backend.db.query<{ id: number; deviceNo: string; secret: string }>(
    'select id, device_no as "deviceNo", secret from devices where secret is not null order by id limit 50',
  );
  const client = connectLive(gatewayUrl, token);
  const arrivals = new Map<number, number>();
  client.socket.on(LiveEvents.update, (update: LiveUpdate<'alarmOverview'>) => {
    for (const alarm of (update.data as AlarmOverviewChange).newAlarms) if (!arrivals.has(alarm.id)) arrivals.set(alarm.id, Date.now());
  });
  await connected(client);
  await client.subscribe('alarmOverview', {});
  await sleep(POLL_MS * 2);
  const latencies: number[] = [];
  for (let i = 0; i < ALARM_SAMPLES; i++) {
    await sleep(Math.random() * POLL_MS);
    const device = devices[i % devices.length]!;
    const raisedAt = Date.now();
    const response = await sendReport(upstreamUrl, device, { event: 'trigger' });
    if (response.status !== 200) throw new Error(`report refused: ${response.status} ${await response.text()}`);
    const [raised] = await backend.db.query<{ id: number }>('select max(id) as id from device_events');
    const until = Date.now() + POLL_MS * 4 + 5000;
    while (!arrivals.has(raised!.id) && Date.now() < until) await sleep(5);
    const arrived = arrivals.get(raised!.id);
    if (arrived === undefined) console.log(`  alarm ${raised!.id} never arrived`);
    else latencies.push(arrived - raisedAt);
  }
  client.close();
  console.log(`\nalarm latency (report → client): ${fmt(summary(latencies))} (target p99 ≤ ${POLL_MS + 250} ms)`);
  await sleep(POLL_MS * 2);
}

// 3. Fan-out
const rows = (
  await backend.app.inject({ method: 'POST', url: DevicePaths.list, headers: { authorization: `Bearer ${token}` }, payload: { ...FAN_OUT_PAGE, isCustomer: true } })
).json<{ data: { records: DeviceRow[] } }>().data.records;

async function fanOut(kind: 'socketio' | 'socketio-bare' | 'ws', port: number, rss: () => Promise<number>, change: (round: number) => Promise<void>) {
  const baseline = await rss();
  const group = await startClients(
    { KIND: kind, URL: kind === 'ws' ? `ws://127.0.0.1:${port}` : `http://127.0.0.1:${port}`, TOKEN: token, TOPIC: 'deviceList', PARAMS: JSON.stringify(FAN_OUT_PAGE) },
    CLIENTS,
    CLIENT_PROCESSES,
  );
  const loaded = await rss();
  const latencies: number[] = [];
  let missing = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    await change(round);
    const delivered = await awaitDelivery(group.collect, CLIENTS, POLL_MS * 3 + 20_000);
    latencies.push(...delivered.latencies);
    missing += CLIENTS - delivered.received;
    await sleep(POLL_MS);
  }
  await group.close();
  return { connectMs: group.connectMs, perSocketKb: (loaded - baseline) / CLIENTS / 1024, baselineMb: baseline / 1048576, loadedMb: loaded / 1048576, latency: summary(latencies), missing };
}

// A watcher in this process captures one real update so the ws broadcaster can send the same bytes.
const watcher = connectLive(gatewayUrl, token);
await connected(watcher);
await watcher.subscribe('deviceList', FAN_OUT_PAGE);
await sleep(POLL_MS * 2);

const setBattery = async (round: number) => {
  const row = rows[round % rows.length]!;
  await backend.db.query('update devices set remaining_power = $1 where id = $2', [(row.remainingPower ?? 0) > 50 ? round : 90 + round, row.id]);
};
await setBattery(0);
const isChange = (update: LiveUpdate) => !update.full && (update.data as DeviceListChange).rows.length > 0;
while (!watcher.updates.some(isChange)) await sleep(50);
const capturedUpdate = watcher.updates.find(isChange)!;
watcher.close();
const socketIo = await fanOut('socketio', gateway.port, gateway.rss, setBattery);
gateway.child.disconnect();

/** The same update through a server of ours that only broadcasts (bare socket.io, plain ws). */
async function fanOutBroadcaster(kind: 'socketio-bare' | 'ws', file: string) {
  const broadcaster = await startServerProcess(file, {});
  const result = await fanOut(kind, broadcaster.port, broadcaster.rss, async () => {
    broadcaster.child.send({ type: 'broadcast', data: capturedUpdate } satisfies ServerRequest);
  });
  broadcaster.child.disconnect();
  return result;
}
const bareSocketIo = await fanOutBroadcaster('socketio-bare', 'socketio-broadcaster.ts');
const plainWs = await fanOutBroadcaster('ws', 'ws-broadcaster.ts');

const payloadBytes = Buffer.byteLength(JSON.stringify(capturedUpdate));
console.log(`\nfan-out: ${CLIENTS} clients in ${CLIENT_PROCESSES} processes, ${ROUNDS} changes, update of ${payloadBytes} bytes`);
for (const [name, r] of [['socket.io gateway', socketIo], ['bare socket.io', bareSocketIo], ['plain ws', plainWs]] as const) {
  console.log(
    `  ${name.padEnd(18)} connect ${(r.connectMs / 1000).toFixed(1)} s; RSS ${r.baselineMb.toFixed(0)} → ${r.loadedMb.toFixed(0)} MB, ${r.perSocketKb.toFixed(1)} KiB per socket; delivery ${fmt(r.latency)}${r.missing ? `; ${r.missing} not delivered` : ''}`,
  );
}
const ratio = (r: { perSocketKb: number }) => (r.perSocketKb / plainWs.perSocketKb).toFixed(2);
console.log(
  `  memory per socket vs plain ws: gateway ${ratio(socketIo)}×, bare socket.io ${ratio(bareSocketIo)}× (target ≤ 1.2×); gateway delivery p99 ${socketIo.latency.p99} ms (target ≤ 200 ms)`,
);
await backend.close();
process.exit(0);
