// China keeps +08:00 all year, so a fixed offset is exact; the upstream counts days the same way.
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 'yyyy-MM-dd' of `now` in China, `addDays` days later (negative: earlier). */
export function chinaDay(now: Date, addDays = 0): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS + addDays * 86_400_000).toISOString().slice(0, 10);
}

/** The hourly trend's bucket label of `now`: 'yyyy-MM-dd HH:00'. */
export function chinaHourBucket(now: Date): string {
  const iso = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}
