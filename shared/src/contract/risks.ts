/**
 * Risks raised on job orders (console-spec sections 3 and 4): the codes the risk rows carry and
 * the words the console and the reports show for them.
 */

/** Risk status (section 4): the summary's status filter. */
export const RiskStatus = { exists: 1, cannotHandleNow: 2, rectified: 8 } as const;
export type RiskStatus = (typeof RiskStatus)[keyof typeof RiskStatus];
export const RISK_STATUS_LABELS: Record<RiskStatus, string> = {
  1: '风险仍存在',
  2: '暂时无法处理',
  8: '整改完成',
};

export const RiskGrade = { low: 1, medium: 2, high: 3 } as const;
export type RiskGrade = (typeof RiskGrade)[keyof typeof RiskGrade];
export const RISK_GRADE_LABELS: Record<RiskGrade, string> = { 1: '低', 2: '中', 3: '高' };

/** Who follows a risk up (the risk rows' followUpType). */
export const FollowUpType = { customer: 1, provider: 2 } as const;
export type FollowUpType = (typeof FollowUpType)[keyof typeof FollowUpType];
export const FOLLOW_UP_TYPE_LABELS: Record<FollowUpType, string> = { 1: '客户', 2: '服务商' };
