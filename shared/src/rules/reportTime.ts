/**
 * The times a device report may carry (issue #36): a device's clock may run a little ahead of the
 * server's, and a box that was out of reach may send what it stored, but a report dated years
 * ahead would hold its last contact in the future (the offline rule could never fire again) and
 * one from 1970 is no reading at all. Every source of device reports checks `at` here.
 */
export const REPORT_MAX_AHEAD_MS = 5 * 60_000;
export const REPORT_MAX_AGE_MS = 7 * 24 * 3600_000;

export const ReportTimeMessages = {
  invalid: '上报时间 at 不是有效的时间',
  tooFarAhead: `上报时间 at 超前服务器时间${REPORT_MAX_AHEAD_MS / 60_000}分钟以上`,
  tooOld: `上报时间 at 早于${REPORT_MAX_AGE_MS / (24 * 3600_000)}天前`,
} as const;

export type ReportTime = { ok: true; at: Date } | { ok: false; message: string };

/**
 * Whether a report dated `at` is accepted at `now`, and the time it is recorded at: a report
 * slightly ahead counts as received now, so nothing it moves (last contact, alarms) is ever later
 * than the server's clock.
 */
export function checkReportTime(at: Date, now: Date): ReportTime {
  if (Number.isNaN(at.getTime())) return { ok: false, message: ReportTimeMessages.invalid };
  if (at.getTime() - now.getTime() > REPORT_MAX_AHEAD_MS) return { ok: false, message: ReportTimeMessages.tooFarAhead };
  if (now.getTime() - at.getTime() > REPORT_MAX_AGE_MS) return { ok: false, message: ReportTimeMessages.tooOld };
  return { ok: true, at: at.getTime() > now.getTime() ? now : at };
}
