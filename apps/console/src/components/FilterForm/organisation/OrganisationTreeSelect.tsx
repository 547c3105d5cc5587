import { useState } from 'react';
import { TreeSelect } from '@arco-design/web-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerTreeNode } from '@pest/shared';
import { filterQueries } from '../../../api/filterQueries.ts';
import { customerTreeData, expandedKeysToLevel, namesById, withChildren, type TreeNodeData } from '../options/treeData.ts';
import { useDebouncedValue } from '../useDebouncedValue.ts';
import { contactsOf, treeSearch } from './listRequests.ts';
import type { OrganisationSelectorProps } from './OrganisationSelectorProps.ts';
import type { CustomerListRequest } from '../useFilterOptions.ts';

/** Console-spec section 9: tree async search waits 1.5 s after typing; the tree opens to level 0, or 5 for matches. */
const SEARCH_DEBOUNCE_MS = 1500;
const BROWSE_EXPAND_LEVEL = 0;
const SEARCH_EXPAND_LEVEL = 5;

/** A list that failed: shown empty (console-spec section 8), one object so it is seen once. */
const NO_NODES: readonly CustomerTreeNode[] = [];

interface LabelledValue {
  value: string;
  label: string;
}

/**
 * The admin users' organisation tree (console-spec section 6): top level first, children loaded
 * when a node is expanded, and a server-side search by name within the form's region, area and
 * contact filters.
 */
export function OrganisationTreeSelect({ multiple, value, onChange, listRequest, disabled }: OrganisationSelectorProps) {
  const { t } = useTranslation(['filter']);
  const [tree, setTree] = useState<TreeNodeData[]>([]);
  const [matches, setMatches] = useState<TreeNodeData[]>();
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [searchText, setSearchText] = useState('');
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Names of every node seen, so a choice keeps its name while a search shows other nodes. State
  // rather than a ref, since the labels are rendered from it.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(() => new Map());
  const { query } = listRequest;

  const queryClient = useQueryClient();
  const remember = (nodes: readonly CustomerTreeNode[]) => setNames((known) => namesById(nodes, new Map(known)));

  // The tree as it opens, laid out again for each list request (a new one folds away the children
  // loaded before, even when its top level comes from the cache) and each new answer.
  const topsQuery = useQuery(filterQueries.customerTreeTops({ contactNameList: contactsOf(query) }));
  const tops = topsQuery.data ?? (topsQuery.isError ? NO_NODES : undefined);
  const [laidOut, setLaidOut] = useState<{ request: CustomerListRequest; tops: readonly CustomerTreeNode[] }>();
  if (tops && (laidOut?.request !== listRequest || laidOut.tops !== tops)) {
    setLaidOut({ request: listRequest, tops });
    remember(tops);
    const data = customerTreeData(tops);
    setTree(data);
    setExpandedKeys(expandedKeysToLevel(data, BROWSE_EXPAND_LEVEL));
  }

  // The matches of the settled search; the previous ones stay while the next are asked.
  const search = settledSearch === '' ? undefined : treeSearch(settledSearch, query);
  const foundQuery = useQuery({ ...filterQueries.customerTreeSearch(search), placeholderData: search ? keepPreviousData : undefined });
  const found = search ? (foundQuery.data ?? (foundQuery.isError ? NO_NODES : undefined)) : undefined;
  const [shownFound, setShownFound] = useState<readonly CustomerTreeNode[]>();
  if (found !== shownFound && (found !== undefined || search === undefined)) {
    setShownFound(found);
    if (found) {
      remember(found);
      const data = customerTreeData(found);
      setMatches(data);
      setExpandedKeys(expandedKeysToLevel(data, SEARCH_EXPAND_LEVEL));
    } else {
      setMatches(undefined);
    }
  }

  const searching = searchText.trim() !== '' && matches !== undefined;
  const type = (text: string) => {
    setSearchText(text);
    // Back to browsing: the tree as it opens, at level 0.
    if (text.trim() === '') setExpandedKeys(expandedKeysToLevel(tree, BROWSE_EXPAND_LEVEL));
  };

  const loadChildren = async (parentKey: string) => {
    const children = await queryClient
      .fetchQuery(filterQueries.customerTreeChildren({ parentId: Number(parentKey), contactNameList: contactsOf(query) }))
      .catch(() => []);
    remember(children);
    const data = customerTreeData(children);
    setTree((previous) => withChildren(previous, parentKey, data));
    setMatches((previous) => previous && withChildren(previous, parentKey, data));
  };

  const labelled = value.map((id): LabelledValue => ({ value: String(id), label: names.get(id) ?? String(id) }));
  const change = (next: LabelledValue | LabelledValue[] | undefined) => {
    const chosen = next === undefined ? [] : Array.isArray(next) ? next : [next];
    onChange(chosen.map((item) => Number(item.value)));
  };

  return (
    <TreeSelect
      data-testid="organisation-tree"
      treeData={searching ? matches : tree}
      multiple={multiple}
      labelInValue
      value={multiple ? labelled : labelled[0]}
      onChange={change}
      loadMore={(_node, dataRef: TreeNodeData) => loadChildren(dataRef.key)}
      showSearch
      // The server searches: every node it returns is a match or leads to one.
      filterTreeNode={() => true}
      onSearch={type}
      allowClear
      disabled={disabled}
      maxTagCount={1}
      placeholder={t('filter:searchByName')}
      treeProps={{ expandedKeys, onExpand: (keys: string[]) => setExpandedKeys(keys) }}
      dropdownRender={(menu) => <div data-testid="organisation-tree-dropdown">{menu}</div>}
    />
  );
}
