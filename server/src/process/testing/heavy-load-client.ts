import { Pool } from 'undici';

/**
 * A load generator in a process of its own, so that the server under test shares no event loop
 * with it: CLIENTS connections each asking for the same kind of heavy call without pause until
 * the deadline, each call a different year window so that none can be shared with another.
 * Reports per-status counts and latencies to its parent over IPC.
 */
export interface HeavyLoadOptions {
  url: string;
  path: string;
  authorization: string;
  customerIds: number[];
  clients: number;
  durationMs: number;
}

export interface HeavyLoadResult {
  statuses: Record<number, number>;
  times: number[];
}

const options = JSON.parse(process.env.HEAVY_LOAD ?? '{}') as HeavyLoadOptions;
const pool = new Pool(options.url, { connections: options.clients, headersTimeout: 60_000, bodyTimeout: 60_000 });
const statuses: Record<number, number> = {};
const times: number[] = [];
const stopAt = Date.now() + options.durationMs;
let sent = 0;

async function client() {
  while (Date.now() < stopAt) {
    const n = sent++;
    const start = new Date(Date.UTC(2025, 0, 1 + (n % 300)));
    const end = new Date(start.getTime() + 364 * 86_400_000);
    const started = performance.now();
    const response = await pool.request({
      method: 'POST',
      path: options.path,
      headers: { 'content-type': 'application/json', authorization: options.authorization },
      body: JSON.stringify({
        customerId: options.customerIds[n % options.customerIds.length],
        startTime: start.toISOString().slice(0, 10),
        endTime: end.toISOString().slice(0, 10),
      }),
    });
    await response.body.dump();
    times.push(performance.now() - started);
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: options.clients }, client));
await pool.close();
process.send!({ statuses, times } satisfies HeavyLoadResult, () => process.exit(0));
