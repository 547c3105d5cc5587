import { ScreenFilterForms } from '@pest/shared';
import { FILTER_FIELDS, defineFilterConfig, type FilterFormConfig } from '../../components/FilterForm/index.ts';

/**
 * Form setups that between them show every field, behaviour and validation rule. Beside the form
 * with every field, they are the screens' own forms (shared `ScreenFilterForms`), so the preview
 * shows exactly what those screens send and refuse.
 */
export const PREVIEW_PRESETS = {
  /** Every field; one store, whose plans, plan regions and devices cascade. */
  full: defineFilterConfig({
    fields: [...FILTER_FIELDS],
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Several stores or sales regions compared: the positive-rate screen's store list with select-all. */
  multiStore: ScreenFilterForms.positiveRate,
  /** Nothing is sent before a store is chosen: the risk trend screen's form. */
  storeRequired: ScreenFilterForms.riskTrend,
} satisfies Record<string, FilterFormConfig>;

export type PreviewPreset = keyof typeof PREVIEW_PRESETS;
export const PREVIEW_PRESET_NAMES = Object.keys(PREVIEW_PRESETS) as PreviewPreset[];
