// bench/proxy: what the gateway's /api proxy costs. Peers in front of the same trivial upstream
// (upstream.ts, ~1 KB JSON answers), each in processes of its own: the upstream directly, our gateway
// as `npm run serve` runs it (supervisor → server/src/main.ts with UPSTREAM_URL), nginx (one worker,
// keep-alive to the upstream), http-proxy with its defaults (http-proxy-peer.ts), and the gateway and
// nginx again with BENCH_WORKERS (one per core) processes each (GATEWAY_WORKERS, with the Redis at
// BENCH_REDIS_URL that several gateway processes need; nginx's worker_processes); then, for scale, the
// gateway at LOG_LEVEL=warn (no access line per request) and the floor of any Node forwarder
// (bare-node-peer.ts: node:http and undici, nothing else).
//   1. throughput: wrk, BENCH_CONNECTIONS (100) connections for BENCH_DURATION (10s) per peer;
//   2. latency at a fixed BENCH_RATE (1000) req/s for BENCH_RATE_SECONDS (20) per peer (fixed-rate.ts).
// Each phase runs BENCH_ROUNDS (3) rounds, the peers in turn, the order rotated every round, so a
// burst of other work on this shared machine hits every peer alike; medians are reported with the
// spread. BENCH_PROFILE_DIR=dir writes the gateway's CPU profile there (node --cpu-prof, which
// NODE_OPTIONS refuses: main.ts is then started directly, as the supervisor would fork it).
// Needs Debian's `wrk` and `nginx`: apt-get install -y wrk nginx
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fixedRate, type FixedRateResult } from './fixed-rate.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const duration = process.env.BENCH_DURATION ?? '10s';
const connections = process.env.BENCH_CONNECTIONS ?? '100';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const rateSeconds = Number(process.env.BENCH_RATE_SECONDS ?? 20);
const rateConnections = Number(process.env.BENCH_RATE_CONNECTIONS ?? 50);
const profileDir = process.env.BENCH_PROFILE_DIR;
/** Processes of the scaled-out gateway and workers of the nginx beside it: one per core. */
const scaledWorkers = Number(process.env.BENCH_WORKERS ?? cpus().length);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const path = '/api/admin/web/mouseBox/getMouseBoxList';
const work = mkdtempSync(join(tmpdir(), 'bench-proxy-'));

function need(binary: string) {
  try {
    execFileSync('which', [binary], { stdio: 'ignore' });
  } catch {
    console.error(`bench/proxy needs ${binary}: apt-get install -y wrk nginx`);
    process.exit(2);
  }
}

const children: ChildProcess[] = [];

/** A peer script that prints `READY <port>` once it listens; its port and process id. */
function startNode(script: string, env: Record<string, string>): Promise<{ port: number; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((ok, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /READY (\d+)/.exec(line);
      if (match) ok({ port: Number(match[1]), pid: child.pid! });
    });
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

async function waitHttp(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/**
 * The product as `npm run serve` starts it, its log lines (default level) in a file as a service
 * manager keeps them; with `workers` above 1, that many gateway processes (GATEWAY_WORKERS, with
 * the Redis their live hubs need).
 */
async function startGateway(upstreamUrl: string, workers = 1, logLevel = 'info'): Promise<{ port: number; pid: number }> {
  const port = await freePort();
  const log = openSync(join(work, `gateway-${workers}-${logLevel}.log`), 'a');
  const entry = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`, 'server/src/main.ts'] : ['server/src/process/supervisor.ts'];
  const child = spawn(process.execPath, ['--import', 'tsx', ...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      UPSTREAM_URL: upstreamUrl,
      GATEWAY_WORKERS: String(workers),
      LOG_LEVEL: logLevel,
      ...(workers > 1 ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ['ignore', log, log],
  });
  children.push(child);
  try {
    await waitHttp(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    console.error(readFileSync(join(work, `gateway-${workers}-${logLevel}.log`), 'utf8'));
    throw error;
  }
  return { port, pid: child.pid! };
}

/** nginx with as many workers as the gateway it is compared with has processes; an access log line per request, as the gateway logs. */
async function startNginx(upstreamPort: number, workers = 1): Promise<{ port: number; pid: number }> {
  const port = await freePort();
  const prefix = join(work, `nginx-${workers}`);
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes ${workers};
daemon off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log ${prefix}/logs/access.log;
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
}`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  children.push(child);
  await waitHttp(`http://127.0.0.1:${port}${path}`);
  return { port, pid: child.pid! };
}

interface Peer {
  name: string;
  url: string;
  /** The peer's process; its CPU time counts with its descendants' (the product under the supervisor, nginx's worker). */
  pid: number;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU time (user + system, ms) a process and its descendants have used. On a machine shared with
 * other work, a peer's throughput says how much CPU it was given; its CPU per request says what
 * it costs, whatever the neighbours do.
 */
function treeCpuMs(root: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // The command name may hold spaces and parentheses: fields count from the last ')'.
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (inTree.has(stat.pid) || !inTree.has(stat.ppid)) continue;
      inTree.add(stat.pid);
      grew = true;
    }
  }
  const ticks = stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0);
  return (ticks * 1000) / ticksPerSecond;
}

interface WrkResult {
  /** CPU microseconds the peer's own processes spent per answer. */
  cpuUs: number;
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

function wrk(peer: Peer, seconds = duration): WrkResult {
  const cpuBefore = treeCpuMs(peer.pid);
  const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}`, '--latency', peer.url], { encoding: 'utf8' });
  const cpuMs = treeCpuMs(peer.pid) - cpuBefore;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (errors) console.warn(`${peer.name}: ${errors} non-2xx answers`);
  return {
    cpuUs: (cpuMs * 1000) / Number(/(\d+) requests in/.exec(out)?.[1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
  };
}

/** Every peer once per round, starting one later each round. */
async function inRounds<T>(peers: Peer[], measure: (peer: Peer) => T | Promise<T>): Promise<Map<string, T[]>> {
  const results = new Map<string, T[]>(peers.map((peer) => [peer.name, []]));
  for (let round = 0; round < rounds; round++) {
    const load = loadavg()[0]!.toFixed(1);
    for (let i = 0; i < peers.length; i++) {
      const peer = peers[(round + i) % peers.length]!;
      results.get(peer.name)!.push(await measure(peer));
    }
    console.log(`  round ${round + 1}/${rounds} done (load average at its start ${load})`);
  }
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const ms = (value: number) => Number(value.toFixed(2));

need('wrk');
need('nginx');
try {
  const upstream = await startNode('bench/proxy/upstream.ts', { PORT: '0' });
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const scaled = `×${scaledWorkers}`;
  const [gateway, nginx, httpProxy, gateways, nginxes, quietGateway, bareNode] = await Promise.all([
    startGateway(upstreamUrl),
    startNginx(upstream.port),
    startNode('bench/proxy/http-proxy-peer.ts', { PORT: '0', UPSTREAM_URL: upstreamUrl }),
    startGateway(upstreamUrl, scaledWorkers),
    startNginx(upstream.port, scaledWorkers),
    startGateway(upstreamUrl, 1, 'warn'),
    startNode('bench/proxy/bare-node-peer.ts', { PORT: '0', UPSTREAM_URL: upstreamUrl }),
  ]);
  const peers: Peer[] = [
    { name: 'direct', url: `${upstreamUrl}${path}`, pid: upstream.pid },
    { name: 'gateway', url: `http://127.0.0.1:${gateway.port}${path}`, pid: gateway.pid },
    { name: 'nginx', url: `http://127.0.0.1:${nginx.port}${path}`, pid: nginx.pid },
    { name: 'http-proxy', url: `http://127.0.0.1:${httpProxy.port}${path}`, pid: httpProxy.pid },
    { name: `gateway ${scaled}`, url: `http://127.0.0.1:${gateways.port}${path}`, pid: gateways.pid },
    { name: `nginx ${scaled}`, url: `http://127.0.0.1:${nginxes.port}${path}`, pid: nginxes.pid },
    { name: 'gateway, warn', url: `http://127.0.0.1:${quietGateway.port}${path}`, pid: quietGateway.pid },
    { name: 'bare Node', url: `http://127.0.0.1:${bareNode.port}${path}`, pid: bareNode.pid },
  ];
  const startLoad = loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`${new Date().toISOString()}, ${cpus().length} cores, load average ${startLoad}`);
  console.log('warming up (wrk 3 s per peer)');
  for (const peer of peers) wrk(peer, '3s');

  console.log(`throughput: wrk, 1 thread, ${connections} connections, ${duration} per peer, ${rounds} rounds`);
  const throughput = await inRounds(peers, (peer) => wrk(peer));
  console.log(`latency: ${rate} req/s for ${rateSeconds} s per peer over ${rateConnections} connections, ${rounds} rounds`);
  const latency = await inRounds(peers, (peer) => fixedRate(peer.url, { rate, seconds: rateSeconds, connections: rateConnections }));

  const rps = (name: string) => median(throughput.get(name)!.map((r) => r.rps));
  const cpuUs = (name: string) => median(throughput.get(name)!.map((r) => r.cpuUs));
  const fixed = (name: string, pick: (r: FixedRateResult) => number) => median(latency.get(name)!.map(pick));
  console.log(`\nthroughput (medians of ${rounds} rounds; req/s range over the rounds)`);
  console.table(
    peers.map(({ name }) => {
      const runs = throughput.get(name)!;
      return {
        peer: name,
        'req/s': Math.round(rps(name)),
        range: spread(runs.map((r) => r.rps)),
        'p50 ms': ms(median(runs.map((r) => r.p50))),
        'p99 ms': ms(median(runs.map((r) => r.p99))),
        'CPU µs/req': Math.round(cpuUs(name)),
      };
    }),
  );
  console.log(`latency at ${rate} req/s (medians of ${rounds} rounds)`);
  console.table(
    peers.map(({ name }) => ({
      peer: name,
      'p50 ms': ms(fixed(name, (r) => r.p50)),
      'p99 ms': ms(fixed(name, (r) => r.p99)),
      'max ms': ms(fixed(name, (r) => r.max)),
      failed: latency.get(name)!.reduce((sum, r) => sum + r.failed, 0),
    })),
  );
  const addedP99 = (name: string) => fixed(name, (r) => r.p99) - fixed('direct', (r) => r.p99);
  console.log(`gateway / nginx      : ${(rps('gateway') / rps('nginx')).toFixed(2)}x  (one process each)`);
  console.log(`gateway / nginx      : ${(rps(`gateway ${scaled}`) / rps(`nginx ${scaled}`)).toFixed(2)}x  (${scaledWorkers} processes each; target >= 0.50)`);
  console.log(`gateway / http-proxy : ${(rps('gateway') / rps('http-proxy')).toFixed(2)}x  (target >= 1.50)`);
  console.log(`gateway without its access line (LOG_LEVEL=warn) / nginx: ${(rps('gateway, warn') / rps('nginx')).toFixed(2)}x; bare Node / nginx: ${(rps('bare Node') / rps('nginx')).toFixed(2)}x`);
  console.log(`CPU per answer, gateway / nginx: ${(cpuUs('gateway') / cpuUs('nginx')).toFixed(2)}x, gateway / http-proxy: ${(cpuUs('gateway') / cpuUs('http-proxy')).toFixed(2)}x`);
  console.log(`gateway / direct     : ${(rps('gateway') / rps('direct')).toFixed(2)}x;  nginx / direct: ${(rps('nginx') / rps('direct')).toFixed(2)}x`);
  for (const { name } of peers.slice(1)) {
    console.log(`added p99 at ${rate} req/s, ${name.padEnd(10)}: ${addedP99(name).toFixed(2)} ms${name.startsWith('gateway') ? '  (target <= 2)' : ''}`);
  }
  console.log(`load average at the end ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
