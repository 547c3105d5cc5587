/** A stopped demo is filled back for at most this many days: enough for a week or a month off, and affordable at start. */
export const CATCH_UP_MAX_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CatchUpWindow {
  /** The generated data ran up to here (or the bound, when it ran out earlier). */
  from: Date;
  to: Date;
  /** The data stopped before the bound: the days between stay empty. */
  bounded: boolean;
}

/**
 * What a start at `now` fills: from where the generated data stops to now, at most `maxDays`
 * back; nothing when the data is current (or runs ahead, as it does after a sped-up scheduler).
 */
export function catchUpWindow(filledTo: Date, now: Date, maxDays = CATCH_UP_MAX_DAYS): CatchUpWindow | null {
  if (filledTo.getTime() >= now.getTime()) return null;
  const bound = now.getTime() - maxDays * DAY_MS;
  const bounded = filledTo.getTime() < bound;
  return { from: new Date(bounded ? bound : filledTo.getTime()), to: now, bounded };
}
