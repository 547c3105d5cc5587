import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, LiveEvents, type SubscribeAck } from '@pest/shared';
import { connected, type TestLiveClient } from './testing/live-client.ts';
import { ended, startLiveTestGateway, within, type LiveTestGateway } from './testing/live-test-gateway.ts';

/**
 * Frames no client of ours sends, against a real gateway and backend in this process. Whatever
 * arrives, the offending socket is answered with a refusal or closed, and the gateway goes on
 * serving everyone else. A crash would show here as an unhandled error failing the run, or as
 * the healthy client below no longer being answered.
 */
describe('live hub under malformed, deep, huge and rapid frames', () => {
  let product: LiveTestGateway;
  let token: string;

  beforeAll(async () => {
    product = await startLiveTestGateway({ LIVE_MAX_SOCKETS_PER_TOKEN: '50', LIVE_MAX_SOCKETS_PER_USER: '50' });
    token = await product.login('13800000001');
  });
  afterAll(async () => product?.close());

  const open = async (): Promise<TestLiveClient> => {
    const client = product.client(token);
    await within(connected(client), 5_000, 'connection');
    return client;
  };
  /** JSON of objects nested `depth` deep, written out: encoders (and JSON.stringify) recurse. */
  const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  /**
   * A socket.io packet as text, past socket.io-client's encoder, which would itself overflow on
   * such frames: `2` is an event, `21` an event asking for ack number 1.
   */
  const sendRaw = (client: TestLiveClient, packet: string) => client.socket.io.engine.send(packet);
  /** Another user's socket still subscribes and gets its state, and HTTP still answers. */
  const stillServing = async () => {
    const client = await open();
    expect(await within(client.subscribe('alarmOverview', {}), 10_000, 'subscribe ack')).toMatchObject({ ok: true });
    expect((await fetch(`${product.url}/healthz`)).status).toBe(200);
    client.close();
  };
  /** The socket is closed by the server within a deadline, whether or not it was told why first. */
  const closedByServer = async (client: TestLiveClient, send: () => void) => {
    const end = ended(client);
    send();
    return within(end, 5_000, 'disconnect');
  };

  it('closes a socket whose subscribe nests 10,000 objects deep, and goes on serving', async () => {
    const client = await open();
    const end = await closedByServer(client, () => sendRaw(client, `21["${LiveEvents.subscribe}",{"topic":"device","params":${nestedJson(10_000)}}]`));
    expect(end.error).toMatch(/nested deeper/);
    expect(end.reason).toBe('io server disconnect');
    await stillServing();
  });

  it('closes a socket sending 10,000-deep arrays in any event, even without an ack', async () => {
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const event of [LiveEvents.unsubscribe, LiveEvents.subscribe, 'no-such-event']) {
      const client = await open();
      const end = await closedByServer(client, () => sendRaw(client, `2["${event}",${deepArray}]`));
      expect(end.reason).toBe('io server disconnect');
    }
    await stillServing();
  });

  it('cuts a frame over 1 MB at the transport, and one of many small values before it is read', async () => {
    const huge = await open();
    const cut = await closedByServer(huge, () => huge.socket.emit(LiveEvents.subscribe, { topic: 'device', params: { id: 1, pad: 'x'.repeat(1_100_000) } }));
    expect(cut.reason).toBe('transport close');

    const wide = await open();
    const refused = await closedByServer(wide, () => wide.socket.emit(LiveEvents.subscribe, { topic: 'deviceList', params: { ids: new Array(30_000).fill(0) } }));
    expect(refused.error).toMatch(/more than 10000 values/);
    await stillServing();
  });

  it('answers malformed subscriptions with a refusal, on a socket that stays open', async () => {
    const client = await open();
    const malformed: unknown[] = [
      null,
      42,
      'deviceList',
      [],
      true,
      { topic: 7 },
      { topic: 'device', params: 'id=1' },
      { topic: 'device', params: { id: '1' } },
      { topic: 'device', params: { id: -1 } },
      { topic: 'device', params: { id: 1e30 } },
      { topic: 'deviceList', params: { current: 1, size: 10, filters: { customerIds: 'all' } } },
      { topic: '__proto__', params: {} },
      { topic: 'constructor', params: {} },
    ];
    for (const request of malformed) {
      const ack = (await within(client.socket.emitWithAck(LiveEvents.subscribe, request), 5_000, 'ack')) as SubscribeAck;
      expect(ack, JSON.stringify(request)).toMatchObject({ ok: false, message: expect.any(String) });
    }
    // Without an ack function, and unsubscribes of nothing: ignored.
    client.socket.emit(LiveEvents.subscribe, { topic: 'device', params: { id: 1 } });
    client.socket.emit(LiveEvents.unsubscribe, null);
    client.socket.emit(LiveEvents.unsubscribe, { key: { not: 'a string' } });
    client.socket.emit(LiveEvents.unsubscribe, 'alarmOverview:x');
    expect(await within(client.subscribe('alarmOverview', {}), 5_000, 'ack')).toMatchObject({ ok: true });
    expect(client.socket.connected).toBe(true);
  });

  it('closes a socket that sends NUL characters or binary data', async () => {
    const withNul = await open();
    const nul = await closedByServer(withNul, () =>
      withNul.socket.emit(LiveEvents.subscribe, { topic: 'deviceList', params: { current: 1, size: 10, filters: { name: 'a\u0000b' } } }, () => {}),
    );
    expect(nul.error).toMatch(/NUL/);

    const withBinary = await open();
    const binary = await closedByServer(withBinary, () => withBinary.socket.emit(LiveEvents.subscribe, { topic: 'device', params: { id: Buffer.from([1, 2, 3]) } }, () => {}));
    expect(binary.error).toMatch(/binary/);
    await stillServing();
  });

  it('closes a socket that floods frames', async () => {
    const client = await open();
    const end = await closedByServer(client, () => {
      for (let i = 0; i < 500; i += 1) client.socket.emit(LiveEvents.subscribe, { topic: 'device', params: { id: (i % 50) + 1 } }, () => {});
    });
    expect(end.error).toMatch(/frames per second/);
    await stillServing();
  });

  it('survives garbage at the socket.io protocol level', async () => {
    const raw = (frames: (string | Buffer)[]) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${product.url.replace('http', 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`);
        let step = 0;
        ws.on('message', (data) => {
          const text = data.toString();
          if (step === 0 && text.startsWith('0')) {
            step = 1;
            ws.send(`40${JSON.stringify({ token })}`);
          } else if (step === 1 && text.startsWith('40')) {
            step = 2;
            for (const frame of frames) ws.send(frame);
            // Probes after the garbage: a subscribe asking for ack 999, and a namespace connect
            // (the garbage may have left the namespace, and then events are ignored). Once one is
            // answered, the server has dealt with the garbage; if it closed instead, that ends this too.
            ws.send(`42999["${LiveEvents.subscribe}",{}]`);
            ws.send(`40${JSON.stringify({ token })}`);
          } else if (step === 2 && (text.startsWith('43999') || text.startsWith('40'))) {
            ws.close();
          }
        });
        ws.on('close', () => resolve());
        ws.on('error', reject);
      });
    const garbage: (string | Buffer)[][] = [
      ['42['],
      ['42{"a":1}'],
      ['4'],
      ['9'],
      ['\u0000'],
      ['42["subscribe"'],
      ['421["subscribe",{"topic":"device","params":{"id":1}'],
      [`42${'['.repeat(20_000)}${']'.repeat(20_000)}`],
      ['451-["subscribe",{"_placeholder":true,"num":7}]', Buffer.from([1, 2, 3])],
      ['45999999999-["subscribe",{}]'],
      [Buffer.from([0xff, 0x00, 0xfe])],
      ['41'],
      ['40{"token":"again"}'],
    ];
    for (const frames of garbage) await within(raw(frames), 5_000, `close after ${JSON.stringify(frames).slice(0, 60)}`);
    await stillServing();
  });

  it('refuses or closes on arbitrary JSON as a subscription, never anything else (property)', async () => {
    let client = await open();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 6 }), fc.record({ topic: fc.constantFrom('device', 'deviceList', 'alarmOverview', 'alarmList'), params: fc.jsonValue({ maxDepth: 4 }) })), async (request) => {
        if (!client.socket.connected) client = await open();
        const answer = await within(
          Promise.race([
            client.socket.emitWithAck(LiveEvents.subscribe, request).then((ack: SubscribeAck) => ({ ack })),
            ended(client).then((end) => ({ end })),
          ]),
          10_000,
          'an answer or a disconnect',
        );
        if ('ack' in answer && answer.ack.ok) {
          // Only a well-formed subscription of the manager's own scope may be accepted.
          expect(request).toMatchObject({ topic: expect.any(String) });
          client.socket.emit(LiveEvents.unsubscribe, { key: answer.ack.key });
        }
      }),
      { numRuns: 150, seed: 1414 },
    );
    await stillServing();
  });
});
