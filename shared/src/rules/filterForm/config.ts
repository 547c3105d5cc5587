import type { DateRangeValue } from '../dateRange.ts';

/**
 * The fields a screen's filter form can show, each with the state keys it owns:
 * - organisation: customerId (single) or customerIds (multiple) — the organisation/store selector
 * - customerType: customerType (0 region, 1 customer)
 * - area: areaId (single) or areaIds (multiple) — the region (大区) select
 * - contacts: contactNameList
 * - areaCascader: provinceId, cityId, districtId
 * - plan: servicePlanId (the medium id)
 * - serviceRegion: regionIds — the plan's regions; the spec's "area" and "region" under a plan
 * - riskType: riskTypeIds
 * - deviceType: deviceTypeIds
 * - device: pointIds
 * - deviceKind: deviceType (1 NB-IoT rodent box, 2 LoRa rodent box, 3 LoRa gateway)
 * - basis: type (statistic basis: 0 pest, 1 risk)
 * - workType: workType (report type: 0 trend, 1 comparison)
 * - riskBasis: riskType (0 by risk type, 1 by issue) with riskTypeNames / issueDescNames
 * - pests: petIds
 * - timeType: timeType (0 by month, 1 by occurrence)
 * - dateRange: dateRange, sent as startTime / endTime
 * - comparisonRange: comparisonRange, sent as comparisonStartTime / comparisonEndTime
 */
export const FILTER_FIELDS = [
  'organisation',
  'customerType',
  'area',
  'contacts',
  'areaCascader',
  'plan',
  'serviceRegion',
  'riskType',
  'deviceType',
  'device',
  'deviceKind',
  'basis',
  'workType',
  'riskBasis',
  'pests',
  'timeType',
  'dateRange',
  'comparisonRange',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export type SelectMode = 'single' | 'multiple';

export interface FilterFormConfig {
  /** The service period the form opens with (and Reset returns to), from the moment it opens; none by default. */
  readonly defaultDateRange?: (now: Date) => DateRangeValue;
  readonly fields: ReadonlySet<FilterField>;
  /** single: a store tree / select giving customerId; multiple: a store list giving customerIds. */
  readonly organisationMode: SelectMode;
  /** single: areaId; multiple: areaIds. */
  readonly areaMode: SelectMode;
  /** Query is refused until an organisation/store is chosen. */
  readonly requireOrganisation: boolean;
  /** The form opens with time type 0 (by month). */
  readonly defaultTimeType: boolean;
  /** Choosing a customer asks the page to load that customer's service plans. */
  readonly loadPlansOnCustomer: boolean;
  /** Choosing a plan asks the page to load that plan's regions. */
  readonly loadRegionsOnPlan: boolean;
}

export type FilterFormOptions = Partial<Omit<FilterFormConfig, 'fields'>> & { readonly fields: readonly FilterField[] };

/**
 * A screen's form configuration. Behaviours are opt-in (the spec says "when enabled"); modes
 * default to single. Combinations that would leave a form unusable are refused here, at
 * definition time, rather than discovered by a user.
 */
export function defineFilterConfig(options: FilterFormOptions): FilterFormConfig {
  const config: FilterFormConfig = {
    fields: new Set(options.fields),
    organisationMode: options.organisationMode ?? 'single',
    areaMode: options.areaMode ?? 'single',
    requireOrganisation: options.requireOrganisation ?? false,
    defaultTimeType: options.defaultTimeType ?? false,
    loadPlansOnCustomer: options.loadPlansOnCustomer ?? false,
    loadRegionsOnPlan: options.loadRegionsOnPlan ?? false,
    ...(options.defaultDateRange ? { defaultDateRange: options.defaultDateRange } : {}),
  };
  if (config.requireOrganisation && !config.fields.has('organisation')) {
    throw new Error('requireOrganisation needs the organisation field: no query could ever pass');
  }
  if (config.loadPlansOnCustomer && config.organisationMode !== 'single') {
    throw new Error('loadPlansOnCustomer needs organisationMode single: plans are listed per customerId');
  }
  return config;
}
