import { AlarmKind, CHINA_UTC_OFFSET_MS, DeviceKind, LOW_BATTERY_ALARM_PERCENT } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import { runAsBackgroundWriter } from '../../backend/db/background-writer.ts';
import type { Db } from '../../backend/db/db.ts';
import { catchSeason, OPEN_OUTAGE_DAYS, outageLengthMs, SIMULATED_RATES, type SimulatedRate } from '../seed/fleet-rates.ts';
import { handleAlarms, recordReport, HIGH_TEMPERATURE_CELSIUS, type DeviceReport } from '../../backend/devices/record-report.ts';
import { candidates, devicesWithAlarmsBefore, type Candidate, nextReporters, offlineDevices, takeCensus, type FleetCensus, type FleetDevice } from './simulated-fleet.ts';

const TICK_MS = 1000;
const DAY_MS = 86_400_000;
const CENSUS_EVERY_MS = 10 * 60_000;
const HANDLE_EVERY_MS = 60_000;
/** Heartbeats a second at speed 1: far more than the history's (one per device every 6 h), so the device list visibly moves. */
export const HEARTBEATS_PER_SECOND = 2;
/**
 * Staff handle an alarm about this long after it was raised, divided by the speed (the history's
 * were handled 10 minutes to 12 hours later). Without them a box with an open catch could not
 * raise a new one, and the rates would fall short.
 */
const HANDLE_AFTER_MS = 3 * 3_600_000;

export interface SimulatorOptions {
  /**
   * SIMULATOR_RATE: how many times the seeded history's pace the fleet runs at. It multiplies the
   * alarm rates of fleet-rates.ts (catches, hot readings, maintenance calls, low batteries,
   * outages) and the heartbeats (HEARTBEATS_PER_SECOND each second); 1 continues the history.
   */
  speed: number;
  /** Heartbeats a second across the fleet, when a test wants them apart from `speed`. */
  heartbeatsPerSecond?: number;
  random?: () => number;
  clock?: Clock;
  /** Time between ticks; a test simulating days takes longer steps. */
  tickMs?: number;
  /**
   * How a box's report reaches the product: recorded directly unless this takes it (the demo's
   * LoRa boxes publish ChirpStack uplinks with MQTT_URL set) and answers true.
   */
  send?: (deviceId: number, report: DeviceReport) => boolean;
}

export interface Simulator {
  /** Stops ticking and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps the demo fleet alive through the code paths a real device's report takes (recordReport,
 * recordOffline): heartbeats from the devices that have waited longest, alarms at the history's
 * rate for the hour of day (fleet-rates.ts, scaled by the fleet's size and `speed`; catches also
 * by the month's season, at boxes chosen by their store's activity), outages as
 * silence that the product's offline watch (offline-watch.ts, which the backend runs whether or
 * not the simulator does) turns into an offline alarm only once the flap window has passed,
 * and staff who handle alarms after a while, so unhandled counts go down as well as up. Its raw
 * heartbeats are pruned past their retention by the product (heartbeat-pruning.ts), as a real fleet's.
 */
export function startSimulator(db: Db, logger: FastifyBaseLogger, options: SimulatorOptions): Simulator {
  const { speed, random = Math.random, clock = systemClock, tickMs = TICK_MS, send } = options;
  const report = async (deviceId: number, reading: DeviceReport) => {
    if (!send?.(deviceId, reading)) await recordReport(db, deviceId, reading);
  };
  const heartbeatsPerSecond = options.heartbeatsPerSecond ?? HEARTBEATS_PER_SECOND * speed;
  const startedAt = clock.now();
  let stopped = false;
  let timer: ClockTimer | undefined;
  let running: Promise<void> = Promise.resolve();
  let heartbeatsOwed = 0;
  const alarmsOwed = SIMULATED_RATES.map(() => 0);
  let lastTick = startedAt;
  let lastHandled = startedAt;
  let census: { at: number; fleet: FleetCensus } | undefined;
  /** Devices in an outage, until when. Those offline at start are taken to be in the middle of one. */
  const silentUntil = new Map<number, number>();
  let started = false;

  const silentNow = (now: number) => {
    for (const [id, until] of silentUntil) if (until <= now) silentUntil.delete(id);
    return [...silentUntil.keys()];
  };

  const raise = async (rate: SimulatedRate, now: number) => {
    const id = pickWeighted(await candidates(db, rate, silentNow(now)), random);
    if (id === undefined) return;
    if (rate.what === 'outage') {
      silentUntil.set(id, now + outageLengthMs(random()));
      return;
    }
    const event: DeviceReport = { event: 'heartbeat', at: new Date(now) };
    if (rate.what === AlarmKind.trigger) event.event = random() < 0.7 ? 'trigger' : 'capture';
    else if (rate.what === AlarmKind.maintain) event.event = 'maintain';
    else if (rate.what === AlarmKind.highTemperature) event.temperature = HIGH_TEMPERATURE_CELSIUS + Math.round(random() * 60) / 10;
    else if (rate.what === AlarmKind.lowBattery) event.battery = LOW_BATTERY_ALARM_PERCENT - 1;
    await report(id, event);
  };

  const tick = async () => {
    const now = clock.now();
    if (!started) {
      started = true;
      for (const id of await offlineDevices(db)) silentUntil.set(id, now + random() * OPEN_OUTAGE_DAYS * DAY_MS);
    }
    // By the time elapsed, so slow ticks do not lower the rate; capped so a stall does not cause a burst.
    const elapsed = Math.min(now - lastTick, 5 * tickMs);
    lastTick = now;
    if (!census || now - census.at > CENSUS_EVERY_MS) census = { at: now, fleet: await takeCensus(db) };

    heartbeatsOwed += (heartbeatsPerSecond * elapsed) / 1000;
    const heartbeats = Math.floor(heartbeatsOwed);
    heartbeatsOwed -= heartbeats;
    if (heartbeats > 0) {
      for (const device of await nextReporters(db, heartbeats, silentNow(now))) {
        if (stopped) return;
        await report(device.id, reading(device, random, new Date(now)));
      }
    }

    const hour = chinaHour(now);
    const season = catchSeason(now);
    for (const [i, rate] of SIMULATED_RATES.entries()) {
      const perHour = rate.perDay * rate.hourShare[hour]! * (rate.followsRodents ? season : 1) * census.fleet.count(rate.who) * speed;
      alarmsOwed[i]! += (perHour * elapsed) / 3_600_000;
      for (; alarmsOwed[i]! >= 1; alarmsOwed[i]! -= 1) {
        if (stopped) return;
        await raise(rate, now);
      }
    }

    if (now - lastHandled >= HANDLE_EVERY_MS) {
      lastHandled = now;
      const before = new Date(now - HANDLE_AFTER_MS / speed);
      for (const deviceId of speed > 0 ? await devicesWithAlarmsBefore(db, before) : []) {
        if (stopped) return;
        await handleAlarms(db, deviceId, before, new Date(now));
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    // Returns the tick, so a manual clock waits for its SQL before it moves on.
    timer = clock.setTimeout(
      () =>
        // A background writer: at 120× its heartbeats must not crowd out the requests.
        (running = runAsBackgroundWriter(tick)
          .catch((error: unknown) => logger.warn({ err: error }, 'simulator tick failed'))
          .finally(schedule)),
      tickMs,
    );
  };
  schedule();
  logger.info({ speed, heartbeatsPerSecond }, 'device simulator started');

  return {
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}

/** One candidate's id, each as likely as its weight; undefined when there is none. */
function pickWeighted(list: Candidate[], random: () => number): number | undefined {
  let left = random() * list.reduce((sum, candidate) => sum + candidate.weight, 0);
  for (const candidate of list) {
    left -= candidate.weight;
    if (left < 0) return candidate.id;
  }
  return list.at(-1)?.id;
}

/** The hour of the day in China, which the history's rates are given for. */
export function chinaHour(ms: number): number {
  return new Date(ms + CHINA_UTC_OFFSET_MS).getUTCHours();
}

/** An ordinary heartbeat: nothing in it raises an alarm (alarms come at the history's rates). */
function reading(device: FleetDevice, random: () => number, at: Date): DeviceReport {
  // Batteries drain now and then but stop at the alarm threshold, which only a low-battery event
  // crosses; drained ones get replaced.
  let battery = device.power;
  if (device.power < LOW_BATTERY_ALARM_PERCENT) battery = random() < 0.1 ? 100 : device.power;
  else if (device.power > LOW_BATTERY_ALARM_PERCENT && random() < 0.02) battery = device.power - 1;
  return {
    battery: device.kind === DeviceKind.loraGateway ? undefined : battery,
    temperature: Math.round(((device.kitchen ? 26 : 21) + (random() - 0.5) * 6) * 10) / 10,
    signal: -62 - Math.floor(random() * 45),
    event: 'heartbeat',
    at,
  };
}
