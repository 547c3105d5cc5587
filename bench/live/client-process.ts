// A process holding many live-bench clients: socket.io clients subscribed to one topic the way the
// console subscribes, bare socket.io clients, or plain `ws` clients. Records, per update received,
// how long after the server had it (the gateway: the update's asOf; the broadcasters: their stamp)
// it arrived here. Env: KIND (socketio | socketio-bare | ws), URL, TOKEN, COUNT, TOPIC, PARAMS (JSON).
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { BARE_EVENT } from './child-process.ts';
import { LIVE_PATH, LiveEvents, type LiveUpdate, type SubscribeAck } from '@pest/shared';

export type ClientRequest = { type: 'connect' } | { type: 'collect' } | { type: 'close' };
export type ClientReply =
  | { type: 'connected'; clients: number; ms: number }
  | { type: 'collected'; received: number; latencies: number[] }
  | { type: 'closed' };

const { KIND, URL: url, TOKEN, TOPIC, PARAMS } = process.env;
const COUNT = Number(process.env.COUNT);
const BATCH = 100;

const latencies: number[] = [];
let received = 0;
const closers: (() => void)[] = [];

function record(sentAt: number): void {
  received += 1;
  latencies.push(Date.now() - sentAt);
}

async function connectSocketIo(): Promise<void> {
  const socket: Socket = io(url!, { path: LIVE_PATH, auth: { token: TOKEN }, transports: ['websocket'], forceNew: true, reconnection: false });
  closers.push(() => socket.disconnect());
  const full = new Promise<void>((resolve) => {
    socket.on(LiveEvents.update, (update: LiveUpdate) => {
      if (update.full) resolve();
      else record(Date.parse(update.asOf));
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack: SubscribeAck = await socket.emitWithAck(LiveEvents.subscribe, { topic: TOPIC, params: JSON.parse(PARAMS ?? '{}') });
  if (!ack.ok) throw new Error(ack.message);
  await full;
}

async function connectBareSocketIo(): Promise<void> {
  const socket: Socket = io(url!, { path: LIVE_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
  closers.push(() => socket.disconnect());
  socket.on(BARE_EVENT, (message: { sentAt: number }) => record(message.sentAt));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

async function connectWs(): Promise<void> {
  const socket = new WebSocket(url!, { perMessageDeflate: false });
  closers.push(() => socket.close());
  socket.on('message', (raw) => record((JSON.parse(String(raw)) as { sentAt: number }).sentAt));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}

const send = (reply: ClientReply) => process.send!(reply);
process.on('message', async (request: ClientRequest) => {
  if (request.type === 'connect') {
    const started = Date.now();
    for (let i = 0; i < COUNT; i += BATCH) {
      const batch = Math.min(BATCH, COUNT - i);
      const connect = KIND === 'ws' ? connectWs : KIND === 'socketio-bare' ? connectBareSocketIo : connectSocketIo;
      await Promise.all(Array.from({ length: batch }, connect));
    }
    send({ type: 'connected', clients: COUNT, ms: Date.now() - started });
  }
  if (request.type === 'collect') {
    send({ type: 'collected', received, latencies: latencies.splice(0) });
    received = 0;
  }
  if (request.type === 'close') {
    for (const close of closers.splice(0)) close();
    send({ type: 'closed' });
  }
});
process.on('disconnect', () => process.exit(0));
