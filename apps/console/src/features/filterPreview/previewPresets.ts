import { FILTER_FIELDS, defineFilterConfig, type FilterFormConfig } from '../../components/FilterForm/index.ts';

/**
 * Form setups that between them show every field, behaviour and validation rule, shaped like
 * the screens that will host the form.
 */
export const PREVIEW_PRESETS = {
  /** Every field; one store, whose plans, plan regions and devices cascade (pest trend screens). */
  full: defineFilterConfig({
    fields: [...FILTER_FIELDS],
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Several stores or sales regions compared (positive-rate dashboard): store list with select-all. */
  multiStore: defineFilterConfig({
    fields: [
      'customerType',
      'area',
      'areaCascader',
      'contacts',
      'organisation',
      'pests',
      'workType',
      'timeType',
      'dateRange',
      'comparisonRange',
    ],
    organisationMode: 'multiple',
    areaMode: 'multiple',
  }),
  /** Nothing is sent before a store is chosen (risk trend). */
  storeRequired: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'riskType', 'timeType', 'dateRange'],
    requireOrganisation: true,
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
} satisfies Record<string, FilterFormConfig>;

export type PreviewPreset = keyof typeof PREVIEW_PRESETS;
export const PREVIEW_PRESET_NAMES = Object.keys(PREVIEW_PRESETS) as PreviewPreset[];
