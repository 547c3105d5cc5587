import { CHINA_TIME_ZONE, DeviceKind, DeviceStatus } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import { RAW_DAYS } from '../db/seed/telemetry.ts';
import { handleAlarms, recordOffline, recordReport, HIGH_TEMPERATURE_CELSIUS, type DeviceReport } from './record-report.ts';

const TICK_MS = 1000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Staff acknowledge alarms older than this when they get to a device. */
const HANDLE_AFTER_MS = 2 * 60_000;

interface SimulatedDevice {
  id: number;
  status: DeviceStatus;
  power: number;
  kind: DeviceKind;
  kitchen: boolean;
  night: boolean;
}

export interface Simulator {
  /** Stops ticking and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps the demo fleet alive: about `rate` reports a second across the fleet, each through the
 * same code paths a real device's report takes (recordReport, recordOffline), plus staff who
 * handle alarms after a while, so unhandled counts go down as well as up. Raw heartbeats older
 * than the retention are pruned (device_daily keeps their counts).
 */
export function startSimulator(
  db: Db,
  logger: FastifyBaseLogger,
  { rate, random = Math.random, clock = systemClock }: { rate: number; random?: () => number; clock?: Clock },
): Simulator {
  let stopped = false;
  let timer: ClockTimer | undefined;
  let running: Promise<void> = Promise.resolve();
  let owed = 0;
  let lastTick = clock.now();
  let lastPrune = 0;

  const tick = async () => {
    // By the time elapsed, so slow ticks do not lower the rate; capped so a stall does not cause a burst.
    const now = clock.now();
    owed = Math.min(owed + (rate * (now - lastTick)) / 1000, rate * 5);
    lastTick = now;
    const count = Math.floor(owed);
    owed -= count;
    if (count > 0) {
      for (const device of await pickDevices(db, count)) {
        if (stopped) return;
        await simulate(db, device, random, new Date(clock.now()));
      }
    }
    if (clock.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = clock.now();
      await db.query(`delete from device_heartbeats where at < now() - interval '${RAW_DAYS + 1} days'`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    // Returns the tick, so a manual clock waits for its SQL before it moves on.
    timer = clock.setTimeout(
      () =>
        (running = tick()
          .catch((error: unknown) => logger.warn({ err: error }, 'simulator tick failed'))
          .finally(schedule)),
      TICK_MS,
    );
  };
  schedule();
  logger.info({ rate }, 'device simulator started');

  return {
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}

async function pickDevices(db: Db, count: number): Promise<SimulatedDevice[]> {
  return db.query<SimulatedDevice>(
    `select d.id, d.status, d.remaining_power as power, t.smart_kind as kind,
            coalesce(top.name in ('后厨', '加工间', '生产车间'), false) as kitchen,
            extract(hour from now() at time zone '${CHINA_TIME_ZONE}') not between 6 and 19 as night
     from (select id from devices order by random() limit $1) pick
     join devices d on d.id = pick.id
     join device_types t on t.id = d.device_type_id
     left join points p on p.device_id = d.id
     left join service_regions r on r.id = p.region_id
     left join service_regions top on top.id = r.parent_id`,
    [count],
  );
}

/** One thing happening to one device, with the odds of a real fleet compressed into minutes. */
async function simulate(db: Db, device: SimulatedDevice, random: () => number, now: Date): Promise<void> {
  const roll = random();
  if (device.status === DeviceStatus.offline) {
    // Back online now and then; a dead battery or a gateway down may take a while.
    if (roll < 0.4) await recordReport(db, device.id, reading(device, random, now));
    return;
  }
  if (roll < 0.03) return recordOffline(db, device.id, now);
  if (roll < 0.1) {
    await handleAlarms(db, device.id, new Date(now.getTime() - HANDLE_AFTER_MS), now);
    return;
  }
  const report = reading(device, random, now);
  if (device.kind !== DeviceKind.loraGateway) {
    const catchOdds = (device.night ? 0.12 : 0.04) * (device.kitchen ? 2 : 1);
    if (roll < 0.1 + catchOdds) report.event = random() < 0.7 ? 'trigger' : 'capture';
    else if (roll < 0.13 + catchOdds) report.event = 'maintain';
    else if (device.kitchen && roll < 0.16 + catchOdds) report.temperature = HIGH_TEMPERATURE_CELSIUS + Math.round(random() * 60) / 10;
  }
  await recordReport(db, device.id, report);
}

function reading(device: SimulatedDevice, random: () => number, at: Date): DeviceReport {
  // Batteries drain a percent now and then and get replaced once nearly empty.
  const replaced = device.power < 10 && random() < 0.2;
  const battery = replaced ? 100 : Math.max(0, device.power - (random() < 0.15 ? 1 : 0));
  return {
    battery,
    temperature: Math.round(((device.kitchen ? 26 : 21) + (random() - 0.5) * 6) * 10) / 10,
    signal: -62 - Math.floor(random() * 45),
    event: 'heartbeat',
    at,
  };
}
