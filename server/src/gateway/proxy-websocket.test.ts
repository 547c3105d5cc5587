import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, signIn, type TestBackend } from '../backend/testing.ts';
import { loadConfig } from '../config.ts';
import { createGateway } from './create-gateway.ts';
import { connected, connectLive, type TestLiveClient } from './live/testing/live-client.ts';

const ECHO_PATH = '/api/test/echo';

/** Opens a websocket, sends each message and collects the same number of answers. */
function exchange(url: string, messages: string[], origin?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    const answers: string[] = [];
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('open', () => messages.forEach((message) => ws.send(message)));
    ws.on('message', (data) => {
      answers.push(String(data));
      if (answers.length === messages.length) {
        ws.close();
        resolve(answers);
      }
    });
  });
}

describe('websocket upgrades through the /api proxy, beside socket.io at /live', () => {
  let backend: TestBackend;
  let echo: WebSocketServer;
  let gateway: FastifyInstance;
  let url: string;
  const live: TestLiveClient[] = [];

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    // The reference backend has no websocket route: a real ws echo on its server stands for an upstream's.
    echo = new WebSocketServer({ noServer: true });
    echo.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${String(data)}`)));
    backend.app.server.on('upgrade', (request, socket, head) => {
      if (request.url?.split('?')[0] === ECHO_PATH) echo.handleUpgrade(request, socket, head, (ws) => echo.emit('connection', ws, request));
      else socket.destroy();
    });
    const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    gateway = await createGateway({
      upstreamUrl,
      consoleDist: '/nonexistent',
      logger: pino({ level: 'silent' }),
      config: loadConfig({ LIVE_POLL_MS: '200', LIVE_ALLOWED_ORIGINS: 'https://wallboard.example' }),
    });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of live) client.close();
    await gateway?.close();
    echo?.close();
    await backend?.close();
  });

  it('passes an upstream websocket through, both ways', async () => {
    expect(await exchange(`${url.replace('http', 'ws')}${ECHO_PATH}?x=1`, ['a', '点检'])).toEqual(['echo:a', 'echo:点检']);
  });

  it('leaves /live to socket.io, at the same time as a proxied websocket', async () => {
    const token = (await signIn(backend.app, 'admin')).authorization.slice('Bearer '.length);
    const proxied = exchange(`${url.replace('http', 'ws')}${ECHO_PATH}`, ['b']);
    const client = connectLive(url, token);
    live.push(client);
    await connected(client);
    expect(await proxied).toEqual(['echo:b']);
    expect((await client.subscribe('alarmOverview', {})).ok).toBe(true);
  });

  it('takes upgrades from the gateway\'s own pages and allowed origins, refuses other sites', async () => {
    const at = `${url.replace('http', 'ws')}${ECHO_PATH}`;
    expect(await exchange(at, ['d'], url)).toEqual(['echo:d']);
    expect(await exchange(at, ['e'], 'https://wallboard.example')).toEqual(['echo:e']);
    await expect(exchange(at, ['f'], 'https://evil.example')).rejects.toThrow('HTTP 403');
  });

  it('refuses an upgrade outside /api and /live', async () => {
    await expect(exchange(`${url.replace('http', 'ws')}/elsewhere`, ['c'])).rejects.toThrow();
  });
});
