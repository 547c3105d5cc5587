import { Type } from '@sinclair/typebox';

/**
 * The spec's 报告模板类型: the layout of a visit's service report, chosen per transaction type by
 * the contract and kept on the visit's service plan (service_plans.report_template_type). Plans
 * from before contracts have the full pest-control report.
 */
export const ReportTemplateType = { pestSimple: 1, pestFull: 2, disinfection: 3, survey: 4 } as const;
export type ReportTemplateType = (typeof ReportTemplateType)[keyof typeof ReportTemplateType];
export const REPORT_TEMPLATE_LABELS: Record<ReportTemplateType, string> = {
  1: '虫害简版报告',
  2: '虫害完整报告',
  3: '消毒服务报告',
  4: '虫害调查报告',
};
export const ReportTemplateTypeSchema = Type.Union(Object.values(ReportTemplateType).map((value) => Type.Literal(value)));

/** The spec's 业务类型: what a contract item (and the plan it sets) provides (service_plans.transaction_type). */
export const TransactionType = { pest: 1, disinfection: 2, survey: 3, formaldehyde: 4, other: 5 } as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  1: '虫害防治',
  2: '消毒',
  3: '虫害调查',
  4: '甲醛治理',
  5: '其他',
};
export const TransactionTypeSchema = Type.Union(Object.values(TransactionType).map((value) => Type.Literal(value)));
