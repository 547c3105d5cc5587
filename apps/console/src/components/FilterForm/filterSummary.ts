import type { FilterFormState } from '@pest/shared';
import type { FilterControl } from './controls.ts';
import { fieldDefinition } from './fields/fieldDefinitions.ts';
import type { FieldContext, Translate } from './fields/fieldTypes.ts';

const countOf = (value: unknown) => (Array.isArray(value) ? value.length : value === undefined ? 0 : 1);

/** How many things a control of its own (no field in its definition) has chosen. */
const CUSTOM_COUNTS: Partial<Record<FilterControl, (state: FilterFormState) => number>> = {
  organisation: (state) => countOf(state.customerId) + countOf(state.customerIds),
  serviceRegion: (state) => countOf(state.regionIds),
  // A province, city or district is one place.
  areaCascader: (state) => countOf(state.provinceId),
};

/** Names up to this many; more are counted. */
const NAMED_AT_MOST = 2;

/** One control's choice as a short text, or undefined when nothing is chosen. */
function describe(control: FilterControl, label: string, context: FieldContext, t: Translate): string | undefined {
  const definition = fieldDefinition(control, context.config);
  const { state } = context;
  switch (definition.kind) {
    case 'dateRange': {
      const range = state[definition.field];
      return range && `${range[0]} ~ ${range[1]}`;
    }
    case 'radio': {
      const value = state[definition.field];
      return definition.choices.find((choice) => choice.value === value)?.label(t);
    }
    case 'select': {
      const value = state[definition.field] as number | string | readonly (number | string)[] | undefined;
      const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (values.length === 0) return undefined;
      const labels = definition.options(context, t).filter((option) => values.includes(option.value)).map((option) => option.label);
      return labels.length === values.length && values.length <= NAMED_AT_MOST ? labels.join('、') : `${label} (${values.length})`;
    }
    case 'custom': {
      const count = CUSTOM_COUNTS[control]?.(state) ?? 0;
      return count > 0 ? `${label} (${count})` : undefined;
    }
  }
}

/**
 * What the form has chosen, in one line for a phone, where the form folds away: each shown
 * control's choice in the form's order, a date range as its days, an option by its name, a long
 * list or a store choice as its field and how many (组织架构/门店 (1) · 按月 · 2026-08-01 ~ 2026-11-28).
 */
export function filterSummary(controls: readonly FilterControl[], context: FieldContext, t: Translate): string[] {
  return controls.flatMap((control) => describe(control, t(`filter:${control}`), context, t) ?? []);
}
