import { describe, expect, it } from 'vitest';
import { checkReportTime, ReportTimeMessages } from './reportTime.ts';

describe('checkReportTime', () => {
  const now = new Date('2026-11-28T03:00:00Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it('accepts up to 5 minutes ahead, recorded at now', () => {
    expect(checkReportTime(at(5 * 60_000), now)).toEqual({ ok: true, at: now });
    expect(checkReportTime(at(5 * 60_000 + 1), now)).toEqual({ ok: false, message: ReportTimeMessages.tooFarAhead });
  });

  it('accepts up to 7 days back, at its own time', () => {
    expect(checkReportTime(at(-7 * 24 * 3600_000), now)).toEqual({ ok: true, at: at(-7 * 24 * 3600_000) });
    expect(checkReportTime(at(-7 * 24 * 3600_000 - 1), now)).toEqual({ ok: false, message: ReportTimeMessages.tooOld });
    expect(checkReportTime(new Date(0), now)).toEqual({ ok: false, message: ReportTimeMessages.tooOld });
    expect(checkReportTime(new Date('2026-13-45T00:00:00Z'), now)).toEqual({ ok: false, message: ReportTimeMessages.invalid });
  });

  it('names the field in its messages', () => {
    expect(ReportTimeMessages.tooFarAhead).toBe('上报时间 at 超前服务器时间5分钟以上');
    expect(ReportTimeMessages.tooOld).toBe('上报时间 at 早于7天前');
  });
});
