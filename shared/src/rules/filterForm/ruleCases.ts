import type { FilterParams } from './filterParams.ts';
import type { FilterRule } from './messages.ts';
import type { FilterScreen } from './screenForms.ts';

/** A request body of a screen's form and the rule it breaks (null: it may be sent). */
export interface FilterRuleCase {
  name: string;
  screen: FilterScreen;
  params: FilterParams;
  rule: FilterRule | null;
}

const service = { startTime: '2026-09-01', endTime: '2026-10-31' } as const;
const compared = { comparisonStartTime: '2025-09-01', comparisonEndTime: '2025-10-31' } as const;
const stores = { customerType: 1, customerIds: [1] } as const;
const trend = { workType: 0 } as const;
const pest = { type: 0 } as const;
const risk = { type: 1 } as const;

/** Every screen whose form only asks for an organisation or store. */
const STORE_SCREENS = [
  'pestTrend',
  'pointTrend',
  'yearlyPest',
  'storePestTrend',
  'riskTrend',
  'riskSummary',
  'pestSummary',
  'deviceTypeSummary',
  'auditPack',
] as const satisfies readonly FilterScreen[];

const storeCases = STORE_SCREENS.flatMap((screen): FilterRuleCase[] => [
  { name: `${screen}: nothing chosen`, screen, params: {}, rule: 'organisationRequired' },
  { name: `${screen}: an empty store list`, screen, params: { customerIds: [] }, rule: 'organisationRequired' },
  { name: `${screen}: a period without a store`, screen, params: { ...service }, rule: 'organisationRequired' },
  { name: `${screen}: one organisation`, screen, params: { customerId: 1 }, rule: null },
  { name: `${screen}: several stores`, screen, params: { customerIds: [1, 2] }, rule: null },
]);

/** Screen 8's search form: its rules in the order the spec lists them. */
const positiveRateCases: Omit<FilterRuleCase, 'screen'>[] = [
  { name: 'no customer type', params: { ...pest, ...trend, customerIds: [1] }, rule: 'customerTypeRequired' },
  { name: 'no customer type comes before the risk choice', params: { ...risk, ...trend }, rule: 'customerTypeRequired' },
  { name: 'customer type without a store', params: { ...pest, ...trend, customerType: 1 }, rule: 'storeRequiredForCustomerType' },
  { name: 'customer type with only a sales area', params: { ...pest, ...trend, customerType: 1, areaIds: [1] }, rule: 'storeRequiredForCustomerType' },
  { name: 'customer type with stores', params: { ...pest, ...trend, ...stores }, rule: null },
  { name: 'customer type with one organisation', params: { ...pest, ...trend, customerType: 1, customerId: 1 }, rule: null },
  { name: 'region type without a sales area', params: { ...pest, ...trend, customerType: 0 }, rule: 'areaRequiredForRegionType' },
  { name: 'region type with only stores', params: { ...pest, ...trend, customerType: 0, customerIds: [1] }, rule: 'areaRequiredForRegionType' },
  { name: 'region type with sales areas', params: { ...pest, ...trend, customerType: 0, areaIds: [1] }, rule: null },
  { name: 'a store is asked for before the risk choice', params: { ...risk, ...trend, customerType: 1 }, rule: 'storeRequiredForCustomerType' },
  { name: 'risk basis without a risk choice', params: { ...risk, ...trend, ...stores }, rule: 'riskChoiceRequired' },
  { name: 'risk basis by risk type naming none', params: { ...risk, ...trend, ...stores, riskType: 0 }, rule: 'riskChoiceRequired' },
  { name: 'risk basis by risk type, names', params: { ...risk, ...trend, ...stores, riskType: 0, riskTypeNames: ['虫害风险'] }, rule: null },
  { name: 'risk basis by risk type, ids', params: { ...risk, ...trend, ...stores, riskType: 0, riskTypeIds: [1] }, rule: null },
  { name: 'risk basis by issue naming none', params: { ...risk, ...trend, ...stores, riskType: 1 }, rule: 'riskChoiceRequired' },
  { name: 'risk basis by issue with risk types only', params: { ...risk, ...trend, ...stores, riskType: 1, riskTypeNames: ['虫害风险'] }, rule: 'riskChoiceRequired' },
  { name: 'risk basis by issue, issues', params: { ...risk, ...trend, ...stores, riskType: 1, issueDescNames: ['门缝过大'] }, rule: null },
  { name: 'comparison without times or time type', params: { ...pest, ...stores, workType: 1 }, rule: 'comparisonTimeRequired' },
  { name: 'comparison with the service period only', params: { ...pest, ...stores, workType: 1, ...service }, rule: 'comparisonTimeRequired' },
  { name: 'comparison with the compared period only', params: { ...pest, ...stores, workType: 1, ...compared }, rule: 'comparisonTimeRequired' },
  { name: 'comparison with a half period', params: { ...pest, ...stores, workType: 1, ...compared, startTime: service.startTime }, rule: 'comparisonTimeRequired' },
  { name: 'comparison with both periods', params: { ...pest, ...stores, workType: 1, ...service, ...compared }, rule: null },
  { name: 'comparison by month without a period', params: { ...pest, ...stores, workType: 1, timeType: 0 }, rule: null },
  { name: 'comparison by occurrence without a period', params: { ...pest, ...stores, workType: 1, timeType: 1 }, rule: null },
  { name: 'comparison by month with the service period only', params: { ...risk, ...stores, riskType: 0, riskTypeIds: [1], workType: 1, timeType: 0, ...service }, rule: null },
  { name: 'no report type is a comparison', params: { ...pest, ...stores }, rule: 'comparisonTimeRequired' },
  { name: 'no report type, by month', params: { ...pest, ...stores, timeType: 0 }, rule: null },
  { name: 'a trend needs no period', params: { ...pest, ...stores, ...trend }, rule: null },
  { name: 'a trend with a period', params: { ...risk, ...stores, ...trend, riskType: 1, issueDescNames: ['门缝过大'], timeType: 1, ...service }, rule: null },
];

/**
 * Every case of every rule, on the screens that have it: the shared rules' unit test, the
 * console's form and the server's routes are each checked against this one table.
 */
export const FILTER_RULE_CASES: readonly FilterRuleCase[] = [
  ...storeCases,
  ...positiveRateCases.map((one) => ({ ...one, screen: 'positiveRate' as const })),
];
