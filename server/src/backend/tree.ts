/**
 * Nests flat rows into trees by parentId. A row whose parent is not among the rows is a root, so
 * a subtree or a search result (matches plus their ancestors) nests the same way. Order is kept.
 */
export function nestRows<R extends { id: number; parentId: number | null }, N>(
  rows: readonly R[],
  toNode: (row: R) => N,
  addChild: (parent: N, child: N) => void,
): N[] {
  const nodes = new Map<number, N>();
  for (const row of rows) nodes.set(row.id, toNode(row));
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) addChild(parent, node);
    else roots.push(node);
  }
  return roots;
}
