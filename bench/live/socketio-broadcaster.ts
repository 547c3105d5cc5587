// socket.io with nothing of ours: every socket in one room, one emit to the room on request,
// stamped like the ws broadcaster's. Separates socket.io's own cost per socket from the live hub's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { LIVE_PATH } from '@pest/shared';
import { BARE_EVENT, serveChildProcess } from './child-process.ts';

const http = createServer();
const io = new Server(http, { path: LIVE_PATH, serveClient: false });
io.on('connection', (socket) => void socket.join('all'));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
serveChildProcess({
  port: (http.address() as AddressInfo).port,
  broadcast: (data) => io.to('all').emit(BARE_EVENT, { sentAt: Date.now(), data }),
});
