import type { CustomerRecord } from '@pest/shared';

/**
 * The paged store list of users who are not admins (console-spec section 6): remote search,
 * the next page near the bottom of the dropdown, and a select-all entry.
 */
export interface StoreListPage {
  total: number;
  records: readonly CustomerRecord[];
}

export interface StoreList extends StoreListPage {
  /** The last page loaded; 0 before the first. */
  page: number;
}

export const EMPTY_STORE_LIST: StoreList = { page: 0, total: 0, records: [] };

/** Adds a loaded page; page 1 starts over. A store already listed is not listed twice (rows can shift between pages). */
export function withPage(list: StoreList, page: number, loaded: StoreListPage): StoreList {
  const kept = page === 1 ? [] : list.records;
  const known = new Set(kept.map((record) => record.id));
  return { page, total: loaded.total, records: [...kept, ...loaded.records.filter((record) => !known.has(record.id))] };
}

export function hasMorePages(list: StoreList): boolean {
  return list.page > 0 && list.records.length < list.total;
}

/** Distance from the bottom, in pixels, at which the next page starts loading. */
export const NEAR_BOTTOM_PX = 32;

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

export function isNearBottom({ scrollTop, clientHeight, scrollHeight }: ScrollMetrics, threshold = NEAR_BOTTOM_PX): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** The select-all entry's value: not a store id (ids are positive integers). */
export const SELECT_ALL = 'selectAll';
export type StoreChoice = number | typeof SELECT_ALL;

/** Whether every listed store is chosen, which turns the select-all entry into "deselect all". */
export function allListedChosen(chosen: readonly number[], listed: readonly number[]): boolean {
  return listed.length > 0 && listed.every((id) => chosen.includes(id));
}

/**
 * The stores chosen after the select's change. Arco reports the whole new value; when it
 * contains the select-all entry, every listed store is added, or, when all were already chosen,
 * removed. Choices of stores not listed now (from an earlier search) are kept either way.
 */
export function applyStoreChoice(next: readonly StoreChoice[], listed: readonly number[]): number[] {
  const chosen = next.filter((value): value is number => value !== SELECT_ALL);
  if (!next.includes(SELECT_ALL)) return chosen;
  if (allListedChosen(chosen, listed)) return chosen.filter((id) => !listed.includes(id));
  return [...chosen, ...listed.filter((id) => !chosen.includes(id))];
}
