// bench/notify: notifications end to end on the real product in-process (reference backend on
// PGlite, the gateway in front, signed device reports over HTTP), a real loopback receiver
// standing in for the robot or webhook.
//  1. Latency: capture reports one every REPORT_GAP_MS, a webhook channel with no digest window;
//     p50/p95/p99 from the report's answer to the receipt of the alarm's message.
//  2. Burst: ALARMS captures spread over one minute for one rule on a WeCom robot channel with the
//     default 30 s digest window: messages sent, the most in any minute (robots take about 20), and
//     how many alarms reached the receiver (expected: all, none twice).
// Figures only; asserts nothing.   node --import tsx bench/notify/run.ts   (LATENCY_SAMPLES=100, ALARMS=1000)
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { AlarmKind, AlarmPaths, NotifyPaths } from '@pest/shared';
import { createGateway, createTestBackend, loadConfig, sendReport, signIn, startHttpReceiver, type Received } from '@pest/server/testing';

const LATENCY_SAMPLES = Number(process.env.LATENCY_SAMPLES ?? 100);
const ALARMS = Number(process.env.ALARMS ?? 1000);
const REPORT_GAP_MS = 200;
const DEMO_ORGANISATION_ID = 1;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product in-process: backend on a fresh test database, the gateway in front of it on loopback. */
async function startProduct(env: Record<string, string>) {
  const backend = await createTestBackend({ env });
  await backend.app.listen({ host: '127.0.0.1', port: 0 });
  const gateway = await createGateway({
    upstreamUrl: `http://127.0.0.1:${(backend.app.server.address() as AddressInfo).port}`,
    consoleDist: '/nonexistent',
    logger: pino({ level: 'silent' }),
    config: loadConfig({}),
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  const admin = await signIn(backend.app, 'admin');
  const api = async <T>(path: string, body: object) =>
    ((await (await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify(body) })).json()) as { data: T }).data;
  const boxes = await backend.db.query<{ id: number; deviceNo: string; secret: string }>(
    `select d.id, d.device_no as "deviceNo", d.secret from devices d join customers s on s.id = d.customer_id
     where s.path[1] = $1 and d.gateway_id is null and d.secret is not null order by d.id`,
    [DEMO_ORGANISATION_ID],
  );
  /** A capture report, signed as the box signs it; resolves when it is answered. */
  const capture = async (box: (typeof boxes)[number]) => {
    const response = await sendReport(url, box, { event: 'capture' });
    await response.arrayBuffer();
    return performance.now();
  };
  /** Handles every open capture through the API, as staff would, so each box can raise a new one. */
  const handleAll = async () => {
    const open = await backend.db.query<{ id: number }>(`select id from device_events where kind = ${AlarmKind.trigger} and state <> 'handled'`);
    const ids = open.map((row) => row.id);
    for (let i = 0; i < ids.length; i += 500) await api(AlarmPaths.handle, { ids: ids.slice(i, i + 500), note: '基准测试：已处理' });
  };
  const openCaptureOf = async (boxId: number) =>
    (await backend.db.query<{ id: number }>(`select id from device_events where device_id = $1 and kind = ${AlarmKind.trigger} and state = 'open'`, [boxId]))[0]?.id;
  await handleAll();
  return {
    backend, api, boxes, capture, handleAll, openCaptureOf,
    close: async () => {
      await gateway.close();
      await backend.close();
    },
  };
}

async function latency(receiver: Awaited<ReturnType<typeof startHttpReceiver>>, arrivals: Map<number, number>) {
  const product = await startProduct({ NOTIFY_ALLOWED_HOSTS: receiver.host, NOTIFY_DIGEST_WINDOW_MS: '0' });
  const channel = await product.api<{ id: number }>(NotifyPaths.channelSave, { type: 'webhook', name: 'bench', url: receiver.url('/webhook'), secret: 'bench-secret' });
  await product.api(NotifyPaths.ruleSave, { name: 'latency', customerIds: [DEMO_ORGANISATION_ID], types: [AlarmKind.trigger], channelIds: [channel.id], enabled: true });
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    if (i > 0 && i % product.boxes.length === 0) await product.handleAll();
    const box = product.boxes[i % product.boxes.length]!;
    const answeredAt = await product.capture(box);
    const alarm = await product.openCaptureOf(box.id);
    const deadline = performance.now() + 15_000;
    while (alarm !== undefined && !arrivals.has(alarm) && performance.now() < deadline) await sleep(2);
    if (alarm !== undefined && arrivals.has(alarm)) latencies.push(arrivals.get(alarm)! - answeredAt);
    await sleep(REPORT_GAP_MS);
  }
  await product.close();
  latencies.sort((a, b) => a - b);
  console.log(`latency, signed capture report answered → webhook received (${latencies.length}/${LATENCY_SAMPLES}; the outbox is polled every 1 s, no digest window):`);
  console.log(`  p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   p99 ${percentile(latencies, 99).toFixed(0)} ms`);
}

async function burst(receiver: Awaited<ReturnType<typeof startHttpReceiver>>) {
  const product = await startProduct({ NOTIFY_ALLOWED_HOSTS: receiver.host });
  const robot = await product.api<{ id: number }>(NotifyPaths.channelSave, { type: 'wecom', name: 'bench robot', url: receiver.url('/robot?key=bench') });
  await product.api(NotifyPaths.ruleSave, { name: 'burst', customerIds: [DEMO_ORGANISATION_ID], types: [AlarmKind.trigger], channelIds: [robot.id], enabled: true });
  const before = receiver.received.length;
  const start = performance.now();
  for (let i = 0; i < ALARMS; i++) {
    if (i > 0 && i % product.boxes.length === 0) await product.handleAll();
    await product.capture(product.boxes[i % product.boxes.length]!);
    const due = start + ((i + 1) * 60_000) / ALARMS;
    if (due > performance.now()) await sleep(due - performance.now());
  }
  const raisedSeconds = (performance.now() - start) / 1000;
  const deadline = performance.now() + 180_000;
  for (;;) {
    const [unsent] = await product.backend.db.query<{ n: number }>(`select count(*)::int as n from notify_deliveries where status in ('pending', 'sending', 'retrying')`);
    if (unsent!.n === 0 || performance.now() > deadline) break;
    await sleep(500);
  }
  const [raised] = await product.backend.db.query<{ n: number }>(`select count(*)::int as n from device_events where kind = ${AlarmKind.trigger} and content = '捕获老鼠'`);
  const sent = await product.backend.db.query<{ ids: number[]; at: Date }>(`select alarm_ids as ids, sent_at as at from notify_deliveries where status = 'sent'`);
  const times = sent.map((row) => row.at.getTime()).sort((a, b) => a - b);
  const busiestMinute = Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 60_000).length));
  const perAlarm = new Map<number, number>();
  for (const row of sent) for (const id of row.ids) perAlarm.set(id, (perAlarm.get(id) ?? 0) + 1);
  const messages = receiver.received.slice(before).filter((r) => r.url.pathname === '/robot').length;
  console.log(`burst, ${ALARMS} captures over ${raisedSeconds.toFixed(0)} s for one rule on a WeCom robot channel (30 s digest window):`);
  console.log(`  ${messages} messages received, at most ${busiestMinute} in any minute (robots take about 20)`);
  console.log(`  alarms raised ${raised!.n}, in sent messages ${perAlarm.size}, in more than one ${[...perAlarm.values()].filter((n) => n > 1).length}`);
  await product.close();
}

const arrivals = new Map<number, number>();
const receiver = await startHttpReceiver((received: Received) => {
  if (received.url.pathname === '/webhook') for (const alarm of (JSON.parse(received.body) as { alarms: { id: number }[] }).alarms) arrivals.set(alarm.id, performance.now());
  return { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
});
await latency(receiver, arrivals);
await burst(receiver);
await receiver.close();
