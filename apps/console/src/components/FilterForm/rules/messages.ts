/** What the filter form tells the user when a query is refused (console-spec section 5), to the character. */
export const FilterMessages = {
  organisationRequired: '请先筛选【组织架构/门店】',
  customerTypeRequired: '请先选择【大区/客户】',
  /**
   * The spec only says "a warning that the store must be filtered" without a text; this mirrors
   * the region message's shape (including its space before the comma).
   */
  storeRequiredForCustomerType: '若【大区/客户】为客户 ,则必须筛选【门店】字段',
  areaRequiredForRegionType: '若【大区/客户】为大区 ,则必须筛选【大区】字段',
  riskChoiceRequired: '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选',
  comparisonTimeRequired: '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选',
} as const;

export type FilterMessage = (typeof FilterMessages)[keyof typeof FilterMessages];
