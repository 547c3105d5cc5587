import { RiskGrade, RiskStatus, type RiskOverdueDays } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';

/** When ages are counted to, and the overdue days by grade (Config: RISK_OVERDUE_DAYS). */
export interface RiskAgeing {
  now: Date;
  limits: RiskOverdueDays;
}

/**
 * The shared rule (riskAgeDays, isRiskOverdue) in SQL, so the summary can filter and page by it:
 * whole days from raised to rectified or to `now`; overdue when open past its grade's days.
 * risk-ageing.test.ts checks every seeded risk against the shared functions.
 */
export function sqlRiskAgeDays(risk: string, ageing: RiskAgeing, params: SqlParams): string {
  return `greatest(0, floor(extract(epoch from (coalesce(${risk}.rectified_at, ${params.add(ageing.now.toISOString())}::timestamptz) - ${risk}.created_at)) / 86400))::int`;
}

export function sqlRiskLimitDays(risk: string, { limits }: RiskAgeing): string {
  return `(case ${risk}.grade when ${RiskGrade.high} then ${limits[RiskGrade.high]} when ${RiskGrade.medium} then ${limits[RiskGrade.medium]} else ${limits[RiskGrade.low]} end)`;
}

export function sqlRiskOverdue(risk: string, ageing: RiskAgeing, params: SqlParams): string {
  return `(${risk}.status <> ${RiskStatus.rectified} and ${sqlRiskAgeDays(risk, ageing, params)} > ${sqlRiskLimitDays(risk, ageing)})`;
}
