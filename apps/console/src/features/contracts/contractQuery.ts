import type { ContractListBody, ContractState } from '@pest/shared';

/** The search row as the form holds it. */
export interface ContractFilters {
  keyword?: string;
  customerId: number | null;
  customerLabel: string;
  states: ContractState[];
  /** Only those ending within the renewal window (即将到期). */
  expiring: boolean;
}

export const CONTRACT_PAGE_SIZE = 20;
export const NO_CONTRACT_FILTERS: ContractFilters = { customerId: null, customerLabel: '', states: [], expiring: false };
export const FIRST_CONTRACT_PAGE: ContractListBody = { current: 1, size: CONTRACT_PAGE_SIZE };

/** Page 1 of what the search row asks; empty filters are left out, so the same search is the same cache entry. */
export function contractListBody(filters: ContractFilters, renewalNoticeDays: number): ContractListBody {
  const keyword = filters.keyword?.trim();
  return {
    current: 1,
    size: CONTRACT_PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(filters.customerId !== null ? { customerIds: [filters.customerId] } : {}),
    ...(filters.states.length ? { states: filters.states } : {}),
    ...(filters.expiring ? { expiringWithinDays: renewalNoticeDays } : {}),
  };
}
