import type { CustomerTreeSearch } from '../../../api/filters.ts';
import type { CustomerListQuery } from '../rules/index.ts';

/** The contact filter as the tree and list calls take it (a mutable copy). */
export function contactsOf({ contactNameList }: CustomerListQuery): string[] | undefined {
  return contactNameList && [...contactNameList];
}

/**
 * The tree search takes the form's filters except a multi-select sales region, which it cannot
 * narrow by (its contract has a single areaId).
 */
export function treeSearch(name: string, query: CustomerListQuery): CustomerTreeSearch {
  const { provinceId, cityId, districtId, areaId } = query;
  return { name, provinceId, cityId, districtId, areaId, contactNameList: contactsOf(query) };
}

/** A page of the store list, searched by name within the form's filters. */
export function storePageQuery(current: number, name: string, query: CustomerListQuery) {
  const { areaIds } = query;
  return { current, name, ...query, areaIds: areaIds && [...areaIds], contactNameList: contactsOf(query) };
}
