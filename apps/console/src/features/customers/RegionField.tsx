import { useState } from 'react';
import { Cascader } from '@arco-design/web-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { RegionTreeNode } from '@pest/shared';
import { filterQueries } from '../../api/filterQueries.ts';
import { fetchRegionTree } from '../../api/filters.ts';
import { DISTRICT_DEPTH, type CascaderOption } from '../../components/FilterForm/options/treeData.ts';

interface RegionFieldProps {
  /** Province, city, district ids, as far as chosen. */
  value: number[];
  onChange(path: number[]): void;
  placeholder: string;
  testId: string;
}

/**
 * Province › city › district from the region tree, each level loaded when opened. A node shown for
 * editing has its province's and city's children loaded at once, so the cascader names them.
 */
export function RegionField({ value, onChange, placeholder, testId }: RegionFieldProps) {
  const provinces = useQuery(filterQueries.regionTree());
  // The levels of the node as it was shown, asked once; later choices load through the cascader.
  const [shownPath] = useState(() => value.slice(0, DISTRICT_DEPTH - 1));
  const shownLevels = useQueries({
    queries: shownPath.map((id) => ({ queryKey: ['customerRegionLevel', id], queryFn: ({ signal }: { signal: AbortSignal }) => fetchRegionTree(id, signal), staleTime: Infinity })),
  });
  const [opened, setOpened] = useState<Record<number, RegionTreeNode[]>>({});
  const load = async (id: number) => {
    const nodes = await fetchRegionTree(id).catch(() => []);
    setOpened((loaded) => ({ ...loaded, [id]: nodes }));
    return nodes;
  };
  const children: Record<number, RegionTreeNode[]> = { ...opened };
  shownPath.forEach((id, index) => {
    const data = shownLevels[index]?.data;
    if (data && !children[id]) children[id] = data;
  });

  // A few dozen provinces and the opened levels below them: built each render.
  const options = (() => {
    const build = (nodes: readonly RegionTreeNode[], depth: number): CascaderOption[] =>
      nodes.map((node) => {
        const below = children[node.id];
        const isLeaf = depth >= DISTRICT_DEPTH || below?.length === 0;
        return { value: String(node.id), label: node.name, isLeaf, ...(below?.length ? { children: build(below, depth + 1) } : {}) };
      });
    return build(provinces.data ?? [], 1);
  })();

  return (
    <Cascader
      data-testid={testId}
      changeOnSelect
      allowClear
      showSearch
      placeholder={placeholder}
      options={options}
      value={value.length ? value.map(String) : undefined}
      loadMore={async (path: string[], level: number) => {
        const nodes = await load(Number(path[path.length - 1]));
        return nodes.map((node) => ({ value: String(node.id), label: node.name, isLeaf: level + 1 >= DISTRICT_DEPTH }));
      }}
      onChange={(path) => onChange(((path as string[] | undefined) ?? []).map(Number))}
    />
  );
}
