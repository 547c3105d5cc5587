import { Type } from '@sinclair/typebox';

/**
 * A dynamic table header (console-spec section 3: "table header list (prop, name, child)").
 * Leaves carry a `prop` that names a field of each row; groups carry `child` and span their leaves.
 */
export interface TableHeaderNode {
  prop: string;
  name: string;
  child?: TableHeaderNode[];
}
export const TableHeaderNode = Type.Recursive(
  (Node) =>
    Type.Object({
      prop: Type.String(),
      name: Type.String(),
      child: Type.Optional(Type.Array(Node)),
    }),
  { $id: 'TableHeaderNode' },
);

/** The leaves of a header, left to right: one per column of data. */
export function headerLeaves(header: readonly TableHeaderNode[]): TableHeaderNode[] {
  return header.flatMap((node) => (node.child?.length ? headerLeaves(node.child) : [node]));
}

/** How many header rows the tree needs. */
export function headerDepth(header: readonly TableHeaderNode[]): number {
  return header.reduce((depth, node) => Math.max(depth, 1 + (node.child?.length ? headerDepth(node.child) : 0)), 0);
}
