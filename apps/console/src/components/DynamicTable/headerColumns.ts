import type { TableColumnProps } from '@arco-design/web-react';
import { headerLeaves, type TableHeaderNode } from '@pest/shared';

/** A value of a dynamic table's row, keyed by the header leaves' `prop`. */
export type DynamicCell = string | number | null | undefined;
export type DynamicRow = Record<string, DynamicCell>;

const MIN_COLUMN_WIDTH = 88;
const MAX_COLUMN_WIDTH = 240;
/** Cell padding (16px a side) and a border; the text widths below are at the table's 14px. */
const CELL_CHROME = 34;

/** About how wide a text is at 14px: CJK characters are a full em, others about half. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char) ? 14 : 8;
  return width;
}

/** Wide enough for the title on one line, within bounds. */
export function columnWidth(title: string): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, textWidth(title) + CELL_CHROME));
}

export interface LeafLayout {
  /** Widths by leaf prop (from the content); a leaf without one fits its title. */
  widths?: ReadonlyMap<string, number>;
  /** Leaf props pinned to the left: the store's code and name stay on screen while the groups scroll. */
  pinned?: ReadonlySet<string>;
}

/**
 * Arco columns for a header of any depth: a group spans its leaves and a leaf reads `row[prop]`.
 * Group props need not be unique, so a group's key is its position path; a leaf's key is its prop.
 */
export function headerToColumns(header: readonly TableHeaderNode[], layout: LeafLayout = {}, parentKey = ''): TableColumnProps<DynamicRow>[] {
  return header.map((node, index) => {
    if (node.child?.length) {
      const key = `${parentKey}/${index}`;
      return { key, title: node.name, align: 'center', children: headerToColumns(node.child, layout, key) };
    }
    const pinned = layout.pinned?.has(node.prop) ?? false;
    return {
      key: node.prop,
      dataIndex: node.prop,
      title: node.name,
      align: 'center',
      width: layout.widths?.get(node.prop) ?? columnWidth(node.name),
      ...(pinned ? { fixed: 'left' as const, ellipsis: true, tooltip: true } : {}),
    };
  });
}

/** The leaves before the first group: the row's name (store code and name), pinned while the rest scrolls. */
export function leadingLeaves(header: readonly TableHeaderNode[]): string[] {
  const firstGroup = header.findIndex((node) => node.child?.length);
  return header.slice(0, firstGroup < 0 ? Math.min(1, header.length) : firstGroup).map((node) => node.prop);
}

/** Each leaf's title with its groups', for a card where the header's nesting is not drawn: 鼠 · 捕获数量. */
export function leafTitles(header: readonly TableHeaderNode[], groups: readonly string[] = []): Map<string, string> {
  const titles = new Map<string, string>();
  for (const node of header) {
    if (node.child?.length) for (const [prop, title] of leafTitles(node.child, [...groups, node.name])) titles.set(prop, title);
    else titles.set(node.prop, [...groups, node.name].join(' · '));
  }
  return titles;
}

/**
 * The total row's cells, one per leaf. The first cell says 合计 (the label) when the server left
 * it empty, since the first column is usually a name the total row has none of.
 */
export function summaryCells(header: readonly TableHeaderNode[], totalRow: DynamicRow, label: string): DynamicCell[] {
  return headerLeaves(header).map((leaf, index) => {
    const value = totalRow[leaf.prop];
    return index === 0 && (value === undefined || value === null || value === '') ? label : value;
  });
}
