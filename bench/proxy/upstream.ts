// A fast stand-in for the provider backend: a fixed envelope of about 1 KB, so the benchmark measures the proxy.
import Fastify from 'fastify';

const records = Array.from({ length: 8 }, (_, i) => ({
  id: i + 1,
  deviceCode: `NB${String(100000 + i)}`,
  deviceName: `后厨鼠饵站-${i + 1}`,
  status: 2,
  remainingPower: 80 - i,
  lastCommunicationDate: '2026-11-22 08:00:00',
}));
const body = JSON.stringify({ status: 200, message: 'success', data: { total: 8, records } });

const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
app.get('/healthz', async () => ({ status: 'ok' }));
app.all('/api/*', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : port}\n`);
