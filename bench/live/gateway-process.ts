// The real gateway alone in a child process, so that its RSS is its own: the live bench's
// socket.io side. Env: UPSTREAM_URL, LIVE_POLL_MS. Answers { type: 'rss' } with its RSS after GC.
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createGateway, loadConfig } from '@pest/server/testing';
import { serveChildProcess } from './child-process.ts';

const gateway = await createGateway({
  upstreamUrl: process.env.UPSTREAM_URL!,
  consoleDist: '/nonexistent',
  logger: pino({ level: 'error' }),
  config: loadConfig(process.env),
});
await gateway.listen({ host: '127.0.0.1', port: 0 });
serveChildProcess({ port: (gateway.server.address() as AddressInfo).port });
