import { RiskStatus } from '@pest/shared';

/** The status filter's choices, in the spec's order (section 4): 1, 2, then 8. */
export const RISK_STATUS_OPTIONS: readonly RiskStatus[] = [RiskStatus.exists, RiskStatus.cannotHandleNow, RiskStatus.rectified];

export function isRiskStatus(value: unknown): value is RiskStatus {
  return RISK_STATUS_OPTIONS.includes(value as RiskStatus);
}

/** Tag colours that read as the state: still a risk is red, parked is orange, rectified is green. */
const STATUS_COLORS: Record<RiskStatus, string> = {
  [RiskStatus.exists]: 'red',
  [RiskStatus.cannotHandleNow]: 'orange',
  [RiskStatus.rectified]: 'green',
};

/** A status the console does not know (a newer server) still gets a neutral tag rather than none. */
export function riskStatusColor(status: number): string {
  return isRiskStatus(status) ? STATUS_COLORS[status] : 'gray';
}
