import type { CustomerTreeNode, RegionTreeNode, ServiceRegionNode } from '@pest/shared';

/** A node as Arco's Tree and TreeSelect take it: string keys, the title shown, and lazy-load hints. */
export interface TreeNodeData {
  key: string;
  title: string;
  /** Only stated for lazy trees: false shows an expander that loads the children on click. */
  isLeaf?: boolean;
  children?: TreeNodeData[];
}

/**
 * Organisation/store nodes. A node whose children are not loaded yet keeps `children` absent, so
 * Arco asks `loadMore` for them when it is expanded.
 */
export function customerTreeData(nodes: readonly CustomerTreeNode[]): TreeNodeData[] {
  return nodes.map((node) => ({
    key: String(node.id),
    title: node.name,
    isLeaf: node.isLeaf,
    ...(node.children?.length ? { children: customerTreeData(node.children) } : {}),
  }));
}

/** A service plan's regions; the whole tree comes in one response. */
export function serviceRegionTreeData(nodes: readonly ServiceRegionNode[]): TreeNodeData[] {
  return nodes.map((node) => ({
    key: String(node.id),
    title: node.name,
    ...(node.subList?.length ? { children: serviceRegionTreeData(node.subList) } : {}),
  }));
}

/** An administrative area as Arco's Cascader takes it (string values, as Arco types them). */
export interface CascaderOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: CascaderOption[];
}

/** Province, city, district: the region tree is three levels below its root (100000). */
export const DISTRICT_DEPTH = 3;

/**
 * Administrative areas at `depth` (1 for provinces). Children that came with the response are
 * mapped; a node above district level without them is loaded when opened.
 */
export function regionCascaderOptions(nodes: readonly RegionTreeNode[], depth = 1): CascaderOption[] {
  return nodes.map((node) => {
    const children = node.childList?.length ? regionCascaderOptions(node.childList, depth + 1) : undefined;
    const isLeaf = depth >= DISTRICT_DEPTH || (node.childList !== undefined && node.childList.length === 0);
    return { value: String(node.id), label: node.name, isLeaf, ...(children ? { children } : {}) };
  });
}

/** The tree with `children` hung under the node `parentKey` (a copy; the given tree is left as it is). */
export function withChildren(tree: readonly TreeNodeData[], parentKey: string, children: TreeNodeData[]): TreeNodeData[] {
  return tree.map((node) => {
    if (node.key === parentKey) return { ...node, children, isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children, parentKey, children) } : node;
  });
}

/**
 * The keys to expand to show the tree `level` levels deep (the spec's "expand level": 0 shows
 * the top level closed; 5 while searching opens every branch of the matches).
 */
export function expandedKeysToLevel(tree: readonly TreeNodeData[], level: number): string[] {
  if (level <= 0) return [];
  return tree.flatMap((node) =>
    node.children?.length ? [node.key, ...expandedKeysToLevel(node.children, level - 1)] : [],
  );
}

/** Every node's title by id, so a chosen node keeps its name when the tree shown changes (search). */
export function namesById(nodes: readonly CustomerTreeNode[], into = new Map<number, string>()): Map<number, string> {
  for (const node of nodes) {
    into.set(node.id, node.name);
    if (node.children) namesById(node.children, into);
  }
  return into;
}
