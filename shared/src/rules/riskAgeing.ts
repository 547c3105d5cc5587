import { RiskGrade, RiskStatus } from '../contract/risks.ts';

/**
 * Risk ageing (issue 22): how long a risk has been open, or took to be put right, and when an
 * open one is overdue. Auditors (AIB 4.9.1.7) want corrective actions closed within a set time
 * that depends on how serious the finding is.
 */

/** Days an open risk may stay open, by grade, before it is overdue. */
export type RiskOverdueDays = Record<RiskGrade, number>;

/** The defaults (README, RISK_OVERDUE_DAYS): a high risk within a week, medium two weeks, low a month. */
export const DEFAULT_RISK_OVERDUE_DAYS: RiskOverdueDays = { [RiskGrade.high]: 7, [RiskGrade.medium]: 14, [RiskGrade.low]: 30 };

const DAY_MS = 86_400_000;
const GRADE_NAMES: Record<string, RiskGrade> = { high: RiskGrade.high, medium: RiskGrade.medium, low: RiskGrade.low };

/** Whole days from raised to rectified, or to `now` while open (a risk raised today is 0 days old). */
export function riskAgeDays(createdAt: Date, rectifiedAt: Date | null, now: Date): number {
  return Math.max(0, Math.floor(((rectifiedAt ?? now).getTime() - createdAt.getTime()) / DAY_MS));
}

/** An open risk (not 整改完成) older than its grade allows. */
export function isRiskOverdue(risk: { grade: RiskGrade; status: RiskStatus; ageDays: number }, limits: RiskOverdueDays): boolean {
  return risk.status !== RiskStatus.rectified && risk.ageDays > limits[risk.grade];
}

/** Reads `high=7,medium=14,low=30` (any subset; the rest keep their defaults); throws on anything else. */
export function parseRiskOverdueDays(text: string): RiskOverdueDays {
  const limits = { ...DEFAULT_RISK_OVERDUE_DAYS };
  for (const part of text.split(',')) {
    const match = /^\s*(high|medium|low)\s*=\s*(\d{1,4})\s*$/.exec(part);
    if (!match) throw new Error('expected grade=days pairs, e.g. high=7,medium=14,low=30');
    limits[GRADE_NAMES[match[1]!]!] = Number(match[2]);
  }
  return limits;
}
