import { describe, expect, it } from 'vitest';
import { RiskGrade, RiskStatus } from '../contract/risks.ts';
import { DEFAULT_RISK_OVERDUE_DAYS, isRiskOverdue, parseRiskOverdueDays, riskAgeDays } from './riskAgeing.ts';

const at = (iso: string) => new Date(iso);

describe('risk ageing', () => {
  it('counts whole days open, or to the day it was put right', () => {
    expect(riskAgeDays(at('2026-11-01T10:00:00Z'), null, at('2026-11-01T23:00:00Z'))).toBe(0);
    expect(riskAgeDays(at('2026-11-01T10:00:00Z'), null, at('2026-11-08T09:59:59Z'))).toBe(6);
    expect(riskAgeDays(at('2026-11-01T10:00:00Z'), null, at('2026-11-08T10:00:00Z'))).toBe(7);
    expect(riskAgeDays(at('2026-11-01T10:00:00Z'), at('2026-11-04T12:00:00Z'), at('2026-12-31T00:00:00Z'))).toBe(3);
  });

  it('calls an open risk overdue only past its grade’s days, and a rectified one never', () => {
    const limits = DEFAULT_RISK_OVERDUE_DAYS;
    expect(isRiskOverdue({ grade: RiskGrade.high, status: RiskStatus.exists, ageDays: 7 }, limits)).toBe(false);
    expect(isRiskOverdue({ grade: RiskGrade.high, status: RiskStatus.exists, ageDays: 8 }, limits)).toBe(true);
    expect(isRiskOverdue({ grade: RiskGrade.low, status: RiskStatus.cannotHandleNow, ageDays: 8 }, limits)).toBe(false);
    expect(isRiskOverdue({ grade: RiskGrade.low, status: RiskStatus.cannotHandleNow, ageDays: 31 }, limits)).toBe(true);
    expect(isRiskOverdue({ grade: RiskGrade.high, status: RiskStatus.rectified, ageDays: 90 }, limits)).toBe(false);
  });

  it('reads the configured days by grade name and refuses anything else', () => {
    expect(parseRiskOverdueDays('high=3, low=60')).toEqual({ [RiskGrade.high]: 3, [RiskGrade.medium]: 14, [RiskGrade.low]: 60 });
    expect(() => parseRiskOverdueDays('urgent=1')).toThrow(/grade=days/);
    expect(() => parseRiskOverdueDays('high=-1')).toThrow();
  });
});
