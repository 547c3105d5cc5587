import type { NamedItem, RegionTreeNode } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { nestRows } from '../tree.ts';

/** Every administrative division as a tree node, by id; each node's childList nests its own. */
export type RegionIndex = ReadonlyMap<number, RegionTreeNode>;

/**
 * All divisions, nested once. They are reference data that only the seed writes, and the whole
 * tree (3,600 nodes) is asked for on every filter form: reading it per request would cost more
 * than answering it.
 */
export async function loadRegionIndex(db: Queryable): Promise<RegionIndex> {
  const rows = await db.query<{ id: number; parentId: number | null; name: string }>(
    'select id, parent_id as "parentId", name from regions order by id',
  );
  const index = new Map<number, RegionTreeNode>();
  nestRows(
    rows,
    ({ id, name }) => {
      const node: RegionTreeNode = { id, name };
      index.set(id, node);
      return node;
    },
    (parent, child) => (parent.childList ??= []).push(child),
  );
  return index;
}

/** The divisions below `id`, nested; [] for an unknown id or one without divisions below. */
export function regionTree(index: RegionIndex, id: number): RegionTreeNode[] {
  return index.get(id)?.childList ?? [];
}

export function salesAreas(db: Queryable): Promise<NamedItem[]> {
  return db.query<NamedItem>('select id, name from sales_areas order by id');
}
