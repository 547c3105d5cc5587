import { CustomerKind, type CustomerListBody, type CustomerState } from '@pest/shared';

/** The list's filters as the form holds them. */
export interface CustomerFilters {
  keyword?: string;
  kind?: CustomerKind;
  state?: CustomerState;
}

export const CUSTOMER_PAGE_SIZES = [20, 50, 100] as const;
export const FIRST_CUSTOMER_PAGE: CustomerListBody = { current: 1, size: CUSTOMER_PAGE_SIZES[0] };

/** Page 1 of what the filters ask, at the page size on screen. */
export function customerListBody(filters: CustomerFilters, size: number): CustomerListBody {
  const keyword = filters.keyword?.trim();
  return {
    current: 1,
    size,
    ...(keyword ? { keyword } : {}),
    ...(filters.kind ? { kinds: [filters.kind] } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  };
}

/** The i18n key of a kind (customers:kindLabel.*). */
export const KIND_KEY = { [CustomerKind.organisation]: 'organisation', [CustomerKind.group]: 'group', [CustomerKind.store]: 'store' } as const satisfies Record<CustomerKind, string>;
