// An open-loop load at a fixed rate, as wrk2 makes it (Debian's wrk has no -R): request i is due at
// start + i / rate whether or not earlier ones were answered, and its latency counts from that
// moment, so a stall shows in the figures instead of slowing the load down.
import { Pool } from 'undici';

export interface FixedRateResult {
  sent: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export async function fixedRate(url: string, { rate, seconds, connections }: { rate: number; seconds: number; connections: number }): Promise<FixedRateResult> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  let answered = 0;
  const start = performance.now();
  await new Promise<void>((done) => {
    const send = (due: number) => {
      pool.request({ path: pathname + search, method: 'GET' }).then(
        async (response) => {
          await response.body.dump();
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else failed++;
        },
        () => failed++,
      ).finally(() => {
        if (++answered === total) done();
      });
    };
    // Timers fire late on a busy machine: each tick sends everything that has fallen due.
    const tick = () => {
      const dueNow = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; sent < dueNow; sent++) send(start + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { sent, failed, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN };
}
