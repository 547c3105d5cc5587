import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { FilterField, FilterFormConfig, FilterFormState } from '@pest/shared';
import type { DisabledFields, FieldChange, FilterAction } from '../rules/index.ts';
import type { CustomerListRequest, FilterOptions } from '../useFilterOptions.ts';

/** Everything a control reads and the one way it changes the form. */
export interface FieldContext {
  config: FilterFormConfig;
  state: FilterFormState;
  disabled: DisabledFields;
  options: FilterOptions;
  customerList: CustomerListRequest;
  dispatch(action: FilterAction): void;
}

export type Translate = TFunction<['filter']>;

/** A text of the form; a function, so each key stays a literal t('filter:…') the type checker knows. */
export type Text = (t: Translate) => string;

export interface SelectOption {
  value: number | string;
  label: string;
}

type ChangeableField = FieldChange['field'];
type SingleSelectField = 'areaId' | 'servicePlanId' | 'deviceType' | 'timeType';
type MultiSelectField = 'areaIds' | 'contactNameList' | 'deviceTypeIds' | 'pointIds' | 'riskTypeIds' | 'issueDescNames' | 'petIds';
type RadioField = 'customerType' | 'type' | 'riskType' | 'workType';

interface SelectBase {
  kind: 'select';
  /** A translated fixed list, or options out of the loaded lists. */
  options(context: FieldContext, t: Translate): SelectOption[];
  placeholder(context: FieldContext, t: Translate): string;
  /** The field whose disabled flag this select follows. */
  disabledBy?: FilterField;
  /** Its option names run long (WIDE_POPUP). */
  wide?: boolean;
}

export interface SingleSelectDefinition extends SelectBase {
  multiple?: false;
  field: SingleSelectField;
}

export interface MultiSelectDefinition extends SelectBase {
  multiple: true;
  field: MultiSelectField;
  /** Further changes the same choice makes, after the field's own. */
  alsoChange?(values: readonly (number | string)[], context: FieldContext): FieldChange[];
}

export interface RadioDefinition {
  kind: 'radio';
  field: RadioField;
  choices: readonly { value: number; label: Text }[];
}

export interface DateRangeDefinition {
  kind: 'dateRange';
  field: 'dateRange' | 'comparisonRange';
  withShortcuts?: boolean;
}

/** A control of its own (cascader, tree, organisation selector): it gets the whole context. */
export interface CustomDefinition {
  kind: 'custom';
  Control(props: { context: FieldContext; testId: string }): ReactNode;
}

export type FieldDefinition = SingleSelectDefinition | MultiSelectDefinition | RadioDefinition | DateRangeDefinition | CustomDefinition;

/**
 * One field's change. The table pairs each field with options of that field's own type, which the
 * union of changes cannot see through a field chosen at run time; the reducer owns the values after.
 */
export const change = (field: ChangeableField, value: unknown) => ({ type: 'change', field, value }) as FieldChange;

/** A cleared multi-select is no choice at all, as the reducer and the request body have it. */
export const chosen = <T>(values: readonly T[] | undefined): T[] | undefined => (values?.length ? [...values] : undefined);
