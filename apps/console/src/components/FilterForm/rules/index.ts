// The form's values, fields and submit rules are shared with the server (@pest/shared, rules/filterForm);
// what stays here is the console's side: its cascades, derived flags and the refusal in the interface language.
export type { FieldChange, FilterAction, FilterEffect, FilterTransition } from './actions.ts';
export { filterReducer } from './reducer.ts';
export {
  selectAreaPath,
  selectCustomerListQuery,
  selectDisabled,
  type CustomerListQuery,
  type DisabledFields,
} from './selectors.ts';
export { validateQuery, type QueryCheck } from './validate.ts';
