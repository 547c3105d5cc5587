// The baseline the live bench compares socket.io with: a plain `ws` server that sends one message
// to every open socket, stamped with the moment it started sending.
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { serveChildProcess } from './child-process.ts';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await new Promise((resolve) => server.once('listening', resolve));
serveChildProcess({
  port: (server.address() as AddressInfo).port,
  broadcast(data: unknown) {
    const text = JSON.stringify({ sentAt: Date.now(), data });
    for (const socket of server.clients) socket.send(text);
  },
});
