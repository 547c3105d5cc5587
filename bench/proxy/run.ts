// bench/proxy: /api throughput and p99 latency directly against an upstream, through our gateway,
// and through nginx (keepalive to the same upstream), in one run. Prints figures and ratios.
// Needs Debian's `wrk` and `nginx`: apt-get install -y wrk nginx
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(import.meta.dirname, '../..');
const duration = process.env.BENCH_DURATION ?? '15s';
const connections = process.env.BENCH_CONNECTIONS ?? '100';
const path = '/api/admin/web/mouseBox/getMouseBoxList';

function need(binary: string) {
  try {
    execFileSync('which', [binary], { stdio: 'ignore' });
  } catch {
    console.error(`bench/proxy needs ${binary}: apt-get install -y ${binary}`);
    process.exit(2);
  }
}

function startNode(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /READY (\d+)|ready at http:\/\/[^:]+:(\d+)/.exec(line);
      if (match) ok({ child, port: Number(match[1] ?? match[2]) });
    });
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
  });
}

async function waitHttp(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

function startNginx(upstreamPort: number, port: number): { stop(): void } {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const conf = `
worker_processes 1;
daemon off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  upstream backend { server 127.0.0.1:${upstreamPort}; keepalive 128; }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  return {
    stop() {
      child.kill('SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

function toMs(value: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(value);
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

function wrk(name: string, url: string): Result {
  // Warm up pools and JIT before measuring.
  execFileSync('wrk', ['-t1', `-c${connections}`, '-d3s', url], { stdio: 'ignore' });
  const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${duration}`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (errors) console.warn(`${name}: ${errors} non-2xx responses`);
  return { name, rps, p50, p99 };
}

need('wrk');
need('nginx');
const upstream = await startNode('bench/proxy/upstream.ts', { PORT: '0' });
const gatewayPort = 18000 + Math.floor(Math.random() * 1000);
const gateway = await startNode('server/src/main.ts', {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(gatewayPort),
  UPSTREAM_URL: `http://127.0.0.1:${upstream.port}`,
  LOG_LEVEL: 'warn',
});
const nginxPort = gatewayPort + 1000;
const nginx = startNginx(upstream.port, nginxPort);
await waitHttp(`http://127.0.0.1:${nginxPort}${path}`);

try {
  const results = [
    wrk('direct upstream', `http://127.0.0.1:${upstream.port}${path}`),
    wrk('gateway (fastify)', `http://127.0.0.1:${gateway.port}${path}`),
    wrk('nginx', `http://127.0.0.1:${nginxPort}${path}`),
  ];
  console.log(`\n/api through each path, ${connections} connections, ${duration} each (wrk, 1 thread)`);
  console.table(results.map((r) => ({ path: r.name, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99 })));
  const [direct, ours, theirs] = results as [Result, Result, Result];
  console.log(`gateway / direct: ${(ours.rps / direct.rps).toFixed(2)}x`);
  console.log(`nginx   / direct: ${(theirs.rps / direct.rps).toFixed(2)}x`);
  console.log(`gateway / nginx : ${(ours.rps / theirs.rps).toFixed(2)}x  (target >= 0.80)`);
} finally {
  nginx.stop();
  gateway.child.kill('SIGTERM');
  upstream.child.kill('SIGTERM');
}
