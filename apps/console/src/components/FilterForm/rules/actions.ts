import type { FilterFormState, Pagination } from '@pest/shared';
import type { CustomerListQuery } from './selectors.ts';

/** The area cascader's three keys change together, through `changeAreaPath`. */
type ChangeableKey = Exclude<keyof FilterFormState, 'provinceId' | 'cityId' | 'districtId'>;

/** One control changed; `value: undefined` clears it. */
export type FieldChange = {
  [K in ChangeableKey]-?: { type: 'change'; field: K; value: FilterFormState[K] };
}[ChangeableKey];

export type FilterAction =
  | FieldChange
  /** The cascader's value as given: [provinceId, cityId, districtId], possibly shorter. */
  | { type: 'changeAreaPath'; path: readonly number[] }
  | { type: 'reset' };

/** Work the page does for the form: loads that feed its options, and clearing its results. */
export type FilterEffect =
  | { kind: 'loadPlans'; customerId: number }
  | { kind: 'loadRegions'; mediumId: number }
  | { kind: 'loadPoints'; mediumId: number; deviceTypeIds: readonly number[] }
  | { kind: 'reloadCustomerList'; page: typeof Pagination.defaultPage; query: CustomerListQuery }
  | { kind: 'clearResults' };

export interface FilterTransition {
  state: FilterFormState;
  effects: FilterEffect[];
}
