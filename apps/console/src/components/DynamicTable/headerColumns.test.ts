import { describe, expect, it } from 'vitest';
import type { TableHeaderNode } from '@pest/shared';
import { columnWidth, headerToColumns, leadingLeaves, leafTitles, summaryCells, textWidth } from './headerColumns.ts';

const header: TableHeaderNode[] = [
  { prop: 'pointCode', name: '点位编号' },
  {
    prop: 'result',
    name: '检查结果',
    child: [
      { prop: 'mouse', name: '鼠' },
      { prop: 'cockroach', name: '蟑螂' },
    ],
  },
  { prop: 'remark', name: 'Remark' },
];

describe('headerToColumns', () => {
  it('maps leaves to data columns and groups to column groups', () => {
    const columns = headerToColumns(header);
    expect(columns.map((c) => c.title)).toEqual(['点位编号', '检查结果', 'Remark']);
    expect(columns[0]).toMatchObject({ key: 'pointCode', dataIndex: 'pointCode', align: 'center' });
    expect(columns[1]).toMatchObject({ key: '/1', title: '检查结果' });
    expect(columns[1]?.dataIndex).toBeUndefined();
    expect(columns[1]?.children?.map((c) => [c.key, c.dataIndex])).toEqual([
      ['mouse', 'mouse'],
      ['cockroach', 'cockroach'],
    ]);
  });

  it('handles any depth and keys groups by their position, so repeated group props stay distinct', () => {
    const deep: TableHeaderNode[] = [
      { prop: 'g', name: 'A', child: [{ prop: 'g', name: 'A1', child: [{ prop: 'a', name: 'a' }] }] },
      { prop: 'g', name: 'B', child: [{ prop: 'b', name: 'b' }] },
    ];
    const columns = headerToColumns(deep);
    expect(columns.map((c) => c.key)).toEqual(['/0', '/1']);
    expect(columns[0]?.children?.[0]?.key).toBe('/0/0');
    expect(columns[0]?.children?.[0]?.children?.[0]).toMatchObject({ key: 'a', dataIndex: 'a' });
  });

  it('treats a node with an empty child list as a leaf', () => {
    expect(headerToColumns([{ prop: 'x', name: 'X', child: [] }])[0]).toMatchObject({ dataIndex: 'x' });
  });

  it('gives nothing for an empty header', () => {
    expect(headerToColumns([])).toEqual([]);
  });

  it('takes leaf widths from the layout and pins the leaves it names', () => {
    const columns = headerToColumns(header, { widths: new Map([['pointCode', 131], ['mouse', 77]]), pinned: new Set(['pointCode']) });
    expect(columns[0]).toMatchObject({ width: 131, fixed: 'left', ellipsis: true, tooltip: true });
    expect(columns[1]?.children?.[0]).toMatchObject({ width: 77 });
    expect(columns[1]?.children?.[0]?.fixed).toBeUndefined();
    expect(columns[2]?.width).toBe(columnWidth('Remark'));
  });
});

describe('leadingLeaves', () => {
  it('names the leaves before the first group', () => {
    expect(leadingLeaves([{ prop: 'code', name: 'c' }, { prop: 'name', name: 'n' }, ...header.slice(1)])).toEqual(['code', 'name']);
  });

  it('pins the first column of a header without groups, and nothing of an empty one', () => {
    expect(leadingLeaves([{ prop: 'a', name: 'a' }, { prop: 'b', name: 'b' }])).toEqual(['a']);
    expect(leadingLeaves([])).toEqual([]);
  });
});

describe('leafTitles', () => {
  it('names each leaf with its groups', () => {
    expect([...leafTitles(header)]).toEqual([
      ['pointCode', '点位编号'],
      ['mouse', '检查结果 · 鼠'],
      ['cockroach', '检查结果 · 蟑螂'],
      ['remark', 'Remark'],
    ]);
  });
});

describe('textWidth', () => {
  it('counts CJK and full-width characters as 14px and others as 8px', () => {
    expect(textWidth('点检表')).toBe(42);
    expect(textWidth('Preview')).toBe(56);
    expect(textWidth('予約：A')).toBe(14 * 3 + 8);
  });
});

describe('columnWidth', () => {
  it('fits the title, CJK characters counting double, within bounds', () => {
    expect(columnWidth('鼠')).toBe(88);
    expect(columnWidth('点位编号点位编号')).toBe(8 * 14 + 34);
    expect(columnWidth('Remarks and more')).toBe(16 * 8 + 34);
    expect(columnWidth('很'.repeat(40))).toBe(240);
  });
});

describe('summaryCells', () => {
  it('lists the total row by leaf and labels the first cell when it is empty', () => {
    expect(summaryCells(header, { mouse: 3, cockroach: 0, remark: null }, '合计')).toEqual(['合计', 3, 0, null]);
  });

  it('keeps a first cell the server filled in', () => {
    expect(summaryCells(header, { pointCode: '总计', mouse: 1 }, '合计')).toEqual(['总计', 1, undefined, undefined]);
  });
});
