import { useEffect, useRef, useState } from 'react';
import { TreeSelect } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { CustomerTreeNode } from '@pest/shared';
import { fetchCustomerTreeChildren, fetchCustomerTreeTops, searchCustomerTree } from '../../../api/filters.ts';
import { customerTreeData, expandedKeysToLevel, namesById, withChildren, type TreeNodeData } from '../options/treeData.ts';
import { useDebouncedValue } from '../useDebouncedValue.ts';
import { contactsOf, treeSearch } from './listRequests.ts';
import type { OrganisationSelectorProps } from './OrganisationSelectorProps.ts';

/** Console-spec section 9: tree async search waits 1.5 s after typing; the tree opens to level 0, or 5 for matches. */
const SEARCH_DEBOUNCE_MS = 1500;
const BROWSE_EXPAND_LEVEL = 0;
const SEARCH_EXPAND_LEVEL = 5;

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
  // Names of every node seen, so a choice keeps its name while a search shows other nodes.
  const names = useRef(new Map<number, string>());
  const { query } = listRequest;

  const remember = (nodes: readonly CustomerTreeNode[]) => namesById(nodes, names.current);

  useEffect(() => {
    let current = true;
    fetchCustomerTreeTops({ contactNameList: contactsOf(query) }).then(
      (tops) => {
        if (!current) return;
        remember(tops);
        const data = customerTreeData(tops);
        setTree(data);
        setExpandedKeys(expandedKeysToLevel(data, BROWSE_EXPAND_LEVEL));
      },
      () => current && setTree([]),
    );
    return () => {
      current = false;
    };
  }, [listRequest]);

  useEffect(() => {
    if (settledSearch === '') {
      setMatches(undefined);
      return;
    }
    let current = true;
    searchCustomerTree(treeSearch(settledSearch, query)).then(
      (found) => {
        if (!current) return;
        remember(found);
        const data = customerTreeData(found);
        setMatches(data);
        setExpandedKeys(expandedKeysToLevel(data, SEARCH_EXPAND_LEVEL));
      },
      () => current && setMatches([]),
    );
    return () => {
      current = false;
    };
  }, [settledSearch, query]);

  const searching = searchText.trim() !== '' && matches !== undefined;
  const search = (text: string) => {
    setSearchText(text);
    // Back to browsing: the tree as it opens, at level 0.
    if (text.trim() === '') setExpandedKeys(expandedKeysToLevel(tree, BROWSE_EXPAND_LEVEL));
  };

  const loadChildren = async (parentKey: string) => {
    const children = await fetchCustomerTreeChildren({
      parentId: Number(parentKey),
      contactNameList: contactsOf(query),
    }).catch(() => []);
    remember(children);
    const data = customerTreeData(children);
    setTree((previous) => withChildren(previous, parentKey, data));
    setMatches((previous) => previous && withChildren(previous, parentKey, data));
  };

  const labelled = value.map((id): LabelledValue => ({ value: String(id), label: names.current.get(id) ?? String(id) }));
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
      onSearch={search}
      allowClear
      disabled={disabled}
      maxTagCount={1}
      placeholder={t('filter:searchByName')}
      treeProps={{ expandedKeys, onExpand: (keys: string[]) => setExpandedKeys(keys) }}
      dropdownRender={(menu) => <div data-testid="organisation-tree-dropdown">{menu}</div>}
    />
  );
}
