import type { CustomerListRequest } from '../useFilterOptions.ts';

/** Both organisation selectors (admin tree, store list) take the choice as a list of customer ids. */
export interface OrganisationSelectorProps {
  /** customerIds (several) or customerId (one, the list holding at most one id). */
  multiple: boolean;
  value: readonly number[];
  onChange(ids: number[]): void;
  /** The region, area and contact filters to list by; a new request lists again from the start. */
  listRequest: CustomerListRequest;
  disabled?: boolean;
}
