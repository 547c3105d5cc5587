/**
 * What the filter form says when a query is refused, and what the server answers (400) to a body
 * that breaks the same rule. Quoted to the character from console-spec section 5, the space before
 * the comma included; the console's zh texts are these (apps/console/src/i18n/zh/filter.ts).
 */
export const FilterMessages = {
  organisationRequired: '请先筛选【组织架构/门店】',
  customerTypeRequired: '请先选择【大区/客户】',
  /** The spec asks for a warning without giving its text; this mirrors the region message. */
  storeRequiredForCustomerType: '若【大区/客户】为客户 ,则必须筛选【门店】字段',
  areaRequiredForRegionType: '若【大区/客户】为大区 ,则必须筛选【大区】字段',
  riskChoiceRequired: '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选',
  comparisonTimeRequired: '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选',
} as const;

/** A rule of the form, named by its message. */
export type FilterRule = keyof typeof FilterMessages;
