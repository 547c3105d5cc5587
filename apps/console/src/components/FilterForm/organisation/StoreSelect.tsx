import { useMemo, useState } from 'react';
import { Select, Spin } from '@arco-design/web-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { filterQueries } from '../../../api/filterQueries.ts';
import {
  EMPTY_STORE_LIST,
  SELECT_ALL,
  allListedChosen,
  applyStoreChoice,
  hasMorePages,
  isNearBottom,
  withPage,
  type StoreChoice,
  type StoreList,
} from '../options/storeList.ts';
import { useDebouncedValue } from '../useDebouncedValue.ts';
import { WIDE_POPUP } from '../widePopup.ts';
import { storePageQuery } from './listRequests.ts';
import type { OrganisationSelectorProps } from './OrganisationSelectorProps.ts';

/** Console-spec section 9: the customer search waits 1 s after typing. */
const SEARCH_DEBOUNCE_MS = 1000;

function withNames(names: ReadonlyMap<number, string>, list: StoreList): ReadonlyMap<number, string> {
  const next = new Map(names);
  for (const record of list.records) next.set(record.id, record.name);
  return next;
}

interface StoreSelectProps extends OrganisationSelectorProps {
  /** A customer's manager's organisation, offered first: a store list alone made an organisation-wide chart impossible. */
  organisation?: { id: number; name: string };
}

/**
 * The store list of users who are not admins (console-spec section 6): searched on the server,
 * 50 stores a page, the next page when the dropdown is scrolled near its bottom, (choosing
 * several) a select-all entry for the stores listed, and a manager's whole organisation.
 */
export function StoreSelect({ multiple, value, onChange, listRequest, disabled, organisation }: StoreSelectProps) {
  const { t } = useTranslation(['filter']);
  const [searchText, setSearchText] = useState('');
  const name = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const { query, generation } = listRequest;

  // A new filter, search or ask to list again starts from the first page, the list on screen staying
  // until it arrives; a failed page lists nothing more.
  const pages = useInfiniteQuery({
    ...filterQueries.storePages((current) => storePageQuery(current, name, query), generation),
    placeholderData: keepPreviousData,
  });
  const list = useMemo(
    () => pages.data?.pages.reduce((shown, loaded, index) => withPage(shown, index + 1, loaded), EMPTY_STORE_LIST) ?? EMPTY_STORE_LIST,
    [pages.data],
  );
  // Names of every store seen label the choices made from an earlier search: gathered from each new
  // list, during the render that first shows it.
  const [seen, setSeen] = useState(() => ({ list, names: withNames(new Map(), list) }));
  if (seen.list !== list) setSeen({ list, names: withNames(seen.names, list) });
  const names = seen.names;
  const loading = pages.isFetching;

  const listed = list.records.map((record) => record.id);
  const unlisted = value.filter((id) => !listed.includes(id) && id !== organisation?.id);
  const options = [
    ...(multiple && listed.length > 0
      ? [
          {
            value: SELECT_ALL,
            label: (
              <span className="filter-select-all" data-testid="store-select-all">
                {allListedChosen(value, listed) ? t('filter:deselectAll') : t('filter:selectAll')}
              </span>
            ),
          },
        ]
      : []),
    ...(organisation
      ? [
          {
            value: organisation.id,
            label: (
              <span className="filter-select-all" data-testid="store-select-organisation">
                {t('filter:wholeOrganisation', { name: organisation.name })}
              </span>
            ),
          },
        ]
      : []),
    ...list.records.map((record) => ({ value: record.id, label: record.name })),
    // Chosen in an earlier search: still named, and still removable.
    ...unlisted.map((id) => ({ value: id, label: names.get(id) ?? String(id) })),
  ];

  const change = (next: StoreChoice | StoreChoice[] | undefined) => {
    if (next === undefined) onChange([]);
    else if (Array.isArray(next)) onChange(applyStoreChoice(next, listed));
    else if (next !== SELECT_ALL) onChange([next]);
  };

  return (
    <Select
      data-testid="store-select"
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? [...value] : value[0]}
      onChange={change}
      options={options}
      showSearch
      filterOption={false}
      onSearch={setSearchText}
      allowClear
      disabled={disabled}
      maxTagCount={1}
      triggerProps={WIDE_POPUP}
      placeholder={t('filter:searchByName')}
      onPopupScroll={(element: HTMLElement) => {
        if (!pages.isFetching && hasMorePages(list) && isNearBottom(element)) void pages.fetchNextPage();
      }}
      dropdownRender={(menu) => (
        <div data-testid="store-dropdown">
          {menu}
          <div className="filter-dropdown-footer" data-testid="store-dropdown-footer">
            {loading ? <Spin size={14} /> : t('filter:loadedOf', { loaded: list.records.length, total: list.total })}
          </div>
        </div>
      )}
    />
  );
}
