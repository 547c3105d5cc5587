// The floor of a Node forwarder, for scale: node:http in, one undici dispatch out, the answer
// gathered and written with its head in one go, as the gateway's hot path does, and nothing else
// (no framework, no access log, no limits, no header rewrites, no envelope errors).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, type Dispatcher } from 'undici';

const upstream = new URL(process.env.UPSTREAM_URL!);
const pool = new Pool(upstream.origin, { connections: 128, pipelining: 1 });

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  let status = 502;
  let type: string | string[] | undefined;
  pool.dispatch(
    { path: request.url!, method: request.method as Dispatcher.HttpMethod, headers: { host: upstream.host } },
    {
      onRequestStart: () => {},
      onResponseStart: (_controller, statusCode, headers) => {
        status = statusCode;
        type = headers['content-type'];
      },
      onResponseData: (_controller, chunk) => void chunks.push(chunk),
      onResponseEnd: () => {
        const body = Buffer.concat(chunks);
        response.writeHead(status, { 'content-type': type ?? 'application/octet-stream', 'content-length': body.length });
        response.end(body.toString('latin1'), 'latin1');
      },
      onResponseError: () => {
        response.writeHead(502).end();
      },
    },
  );
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
