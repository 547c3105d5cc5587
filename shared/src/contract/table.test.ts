import { describe, expect, it } from 'vitest';
import { headerDepth, headerLeaves, type TableHeaderNode } from './table.ts';

const header: TableHeaderNode[] = [
  { prop: 'pointCode', name: '点位编号' },
  {
    prop: 'catch',
    name: '捕获数量',
    child: [
      { prop: 'rat', name: '褐家鼠' },
      { prop: 'mouse', name: '小家鼠' },
    ],
  },
  { prop: 'status', name: '状态' },
];

describe('table header', () => {
  it('lists the leaf columns in order', () => {
    expect(headerLeaves(header).map((leaf) => leaf.prop)).toEqual(['pointCode', 'rat', 'mouse', 'status']);
  });
  it('measures the depth of the header', () => {
    expect(headerDepth(header)).toBe(2);
    expect(headerDepth([{ prop: 'a', name: 'A' }])).toBe(1);
    expect(headerDepth([])).toBe(0);
  });
});
