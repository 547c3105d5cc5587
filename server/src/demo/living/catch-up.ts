import type { Db } from '../../backend/db/db.ts';
import { readDemoClock } from '../seed/demo-clock.ts';
import { catchUpTelemetry } from '../seed/telemetry-catch-up.ts';
import { catchUpWindow, type CatchUpWindow } from './catch-up-window.ts';
import { fillBusiness, tryLockBusiness, type BusinessFill } from './fill-business.ts';

export interface CatchUp extends CatchUpWindow {
  business: BusinessFill;
  telemetry: { heartbeats: number; events: number; days: number };
  ms: number;
}

/**
 * Brings a demo that was stopped up to `now`, in one transaction: first what the devices reported
 * meanwhile (a smart box's captures belong on the next visit's sheet), then the visits, their
 * sheets and risks. Null when there is nothing to fill, or another process is filling it.
 */
export async function catchUp(db: Db, now: Date): Promise<CatchUp | null> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    if (!(await tryLockBusiness(tx))) return null;
    const clock = await readDemoClock(tx);
    const window = clock && catchUpWindow(clock.filledTo, now);
    if (!window) return null;
    const telemetry = await catchUpTelemetry(tx, window);
    const business = await fillBusiness(tx, window.from, window.to);
    return { ...window, telemetry, business, ms: Math.round(performance.now() - started) };
  });
}

/** A catch-up shorter than this (the minutes a first start spent seeding) is not worth a banner line. */
export const CATCH_UP_NEWS_MS = 10 * 60_000;

/** The start banner's line about the demo data. */
export function describeCatchUp(fill: CatchUp): string {
  const day = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
  const days = ((fill.to.getTime() - fill.from.getTime()) / 86_400_000).toFixed(1);
  const gap = fill.bounded ? ' (older days left empty)' : '';
  const { planned, finished, rectified } = fill.business;
  return (
    `Demo data caught up ${days} days, ${day(fill.from)} → ${day(fill.to)} UTC${gap}: ` +
    `${planned} visits booked, ${finished} done, ${rectified} risks put right, ${fill.telemetry.events} device alarms (${(fill.ms / 1000).toFixed(1)} s)`
  );
}
