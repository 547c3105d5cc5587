import { CustomerKind, type AccountState, type UserListBody } from '@pest/shared';

/** The list's filters as the form holds them. */
export interface AccountFilters {
  keyword?: string;
  roleId?: number;
  state?: AccountState;
  customerId?: number;
  /** What the customer picker shows for the chosen customer. */
  customerLabel?: string;
}

export const ACCOUNT_PAGE_SIZES = [20, 50, 100] as const;
export const FIRST_ACCOUNT_PAGE: UserListBody = { current: 1, size: ACCOUNT_PAGE_SIZES[0] };

/** Page 1 of what the filters ask, at the page size on screen. */
export function accountListBody(filters: AccountFilters, size: number): UserListBody {
  const keyword = filters.keyword?.trim();
  return {
    current: 1,
    size,
    ...(keyword ? { keyword } : {}),
    ...(filters.roleId !== undefined ? { roleId: filters.roleId } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.customerId !== undefined ? { customerId: filters.customerId } : {}),
  };
}

/** An account is bound to an organisation, a group or a store, and sees what is below it; the filter finds those bound at or below one. */
export const ACCOUNT_CUSTOMER_KINDS: readonly CustomerKind[] = Object.values(CustomerKind);
