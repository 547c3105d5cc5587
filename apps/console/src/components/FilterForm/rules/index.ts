export {
  FILTER_FIELDS,
  defineFilterConfig,
  type FilterField,
  type FilterFormConfig,
  type FilterFormOptions,
  type SelectMode,
} from './config.ts';
export {
  CustomerType,
  RiskBasis,
  StatisticBasis,
  WorkType,
  initialFilterState,
  type FilterFormState,
} from './state.ts';
export type { FieldChange, FilterAction, FilterEffect, FilterTransition } from './actions.ts';
export { filterReducer } from './reducer.ts';
export {
  hasOrganisation,
  selectAreaPath,
  selectCustomerListQuery,
  selectDisabled,
  type CustomerListQuery,
  type DisabledFields,
} from './selectors.ts';
export type { FilterParams } from './params.ts';
export { validateQuery, type QueryCheck } from './validate.ts';
export { FilterMessages, type FilterMessage } from './messages.ts';
