// The most used general Node proxy, `http-proxy`, with its default settings, in a process of its
// own as the other peers are: every request to UPSTREAM_URL, the answer streamed back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

const proxy = httpProxy.createProxyServer({ target: process.env.UPSTREAM_URL });
// Its default on an upstream failure is to throw; a peer that dies would measure nothing.
proxy.on('error', (_error, _request, response) => {
  if ('writeHead' in response && !response.headersSent) response.writeHead(502);
  response.end();
});
const server = http.createServer((request, response) => proxy.web(request, response));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
