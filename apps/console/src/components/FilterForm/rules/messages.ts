/**
 * What the filter form tells the user when a query is refused: keys of the filter namespace, whose
 * Chinese texts quote console-spec section 5 to the character (i18n/zh/filter.ts).
 */
export const FilterMessages = {
  organisationRequired: 'filter:refusal.organisationRequired',
  customerTypeRequired: 'filter:refusal.customerTypeRequired',
  storeRequiredForCustomerType: 'filter:refusal.storeRequiredForCustomerType',
  areaRequiredForRegionType: 'filter:refusal.areaRequiredForRegionType',
  riskChoiceRequired: 'filter:refusal.riskChoiceRequired',
  comparisonTimeRequired: 'filter:refusal.comparisonTimeRequired',
} as const;

export type FilterMessage = (typeof FilterMessages)[keyof typeof FilterMessages];
