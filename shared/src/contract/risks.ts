import { TABLE_TEXTS, type TableTextId } from '../texts/table-texts.ts';

/**
 * Risks raised on job orders (console-spec sections 3 and 4): the codes the risk rows carry and
 * the words the console and the reports show for them: by text id in every language (the API's
 * answers, by the request's language), and in Chinese (the Chinese documents).
 */

const inChinese = <K extends number>(texts: Record<K, TableTextId>) =>
  Object.fromEntries(Object.entries(texts).map(([code, id]) => [code, TABLE_TEXTS[id as TableTextId].zh])) as Record<K, string>;

/** Risk status (section 4): the summary's status filter. */
export const RiskStatus = { exists: 1, cannotHandleNow: 2, rectified: 8 } as const;
export type RiskStatus = (typeof RiskStatus)[keyof typeof RiskStatus];
export const RISK_STATUS_TEXTS: Record<RiskStatus, TableTextId> = { 1: 'riskStatusOpen', 2: 'riskStatusOnHold', 8: 'riskStatusRectified' };
export const RISK_STATUS_LABELS = inChinese(RISK_STATUS_TEXTS);

export const RiskGrade = { low: 1, medium: 2, high: 3 } as const;
export type RiskGrade = (typeof RiskGrade)[keyof typeof RiskGrade];
export const RISK_GRADE_TEXTS: Record<RiskGrade, TableTextId> = { 1: 'gradeLow', 2: 'gradeMedium', 3: 'gradeHigh' };
export const RISK_GRADE_LABELS = inChinese(RISK_GRADE_TEXTS);

/** Who follows a risk up (the risk rows' followUpType). */
export const FollowUpType = { customer: 1, provider: 2 } as const;
export type FollowUpType = (typeof FollowUpType)[keyof typeof FollowUpType];
export const FOLLOW_UP_TYPE_TEXTS: Record<FollowUpType, TableTextId> = { 1: 'followUpCustomer', 2: 'followUpProvider' };
export const FOLLOW_UP_TYPE_LABELS = inChinese(FOLLOW_UP_TYPE_TEXTS);
