import { describe, expect, it } from 'vitest';
import type { CustomerTreeNode } from '@pest/shared';
import {
  customerTreeData,
  expandedKeysToLevel,
  namesById,
  regionCascaderOptions,
  serviceRegionTreeData,
  withChildren,
  type TreeNodeData,
} from './treeData.ts';

const organisation: CustomerTreeNode = {
  id: 1,
  name: '华东餐饮集团',
  isLeaf: false,
  children: [
    { id: 11, name: '上海分公司', isLeaf: false, children: [{ id: 111, name: '徐汇店', isLeaf: true }] },
    { id: 12, name: '杭州分公司', isLeaf: false },
  ],
};

describe('customerTreeData', () => {
  it('gives string keys and titles, and keeps the leaf flag for lazy loading', () => {
    expect(customerTreeData([{ id: 7, name: '徐汇店', isLeaf: true }])).toEqual([{ key: '7', title: '徐汇店', isLeaf: true }]);
  });
  it('maps loaded children and leaves unloaded ones absent, so expanding them asks loadMore', () => {
    const [root] = customerTreeData([organisation]);
    expect(root?.children?.map((node) => node.key)).toEqual(['11', '12']);
    expect(root?.children?.[0]?.children).toEqual([{ key: '111', title: '徐汇店', isLeaf: true }]);
    expect(root?.children?.[1]).toEqual({ key: '12', title: '杭州分公司', isLeaf: false });
  });
  it('treats an empty children list like an unloaded one', () => {
    expect(customerTreeData([{ id: 3, name: '空', isLeaf: false, children: [] }])).toEqual([
      { key: '3', title: '空', isLeaf: false },
    ]);
  });
});

describe('serviceRegionTreeData', () => {
  it('maps subList to children', () => {
    expect(
      serviceRegionTreeData([
        { id: 5, name: '后厨', level: 1, subList: [{ id: 6, name: '洗碗间', level: 2 }] },
        { id: 7, name: '大堂', level: 1, subList: [] },
      ]),
    ).toEqual([
      { key: '5', title: '后厨', children: [{ key: '6', title: '洗碗间' }] },
      { key: '7', title: '大堂' },
    ]);
  });
});

describe('withChildren', () => {
  const tree = customerTreeData([organisation]);
  it('hangs the loaded children under their parent, however deep', () => {
    const loaded: TreeNodeData[] = [{ key: '121', title: '西湖店', isLeaf: true }];
    const next = withChildren(tree, '12', loaded);
    expect(next[0]?.children?.[1]?.children).toEqual(loaded);
    expect(next[0]?.children?.[0]).toEqual(tree[0]?.children?.[0]);
  });
  it('marks a parent without children as a leaf, so it stops offering to expand', () => {
    expect(withChildren(tree, '12', [])[0]?.children?.[1]).toMatchObject({ isLeaf: true, children: [] });
  });
  it('leaves the given tree unchanged', () => {
    const before = structuredClone(tree);
    withChildren(tree, '12', [{ key: '121', title: '西湖店' }]);
    expect(tree).toEqual(before);
  });
});

describe('expandedKeysToLevel', () => {
  const tree = customerTreeData([organisation]);
  it('expands nothing at level 0', () => {
    expect(expandedKeysToLevel(tree, 0)).toEqual([]);
  });
  it('expands the branches with children down to the level', () => {
    expect(expandedKeysToLevel(tree, 1)).toEqual(['1']);
    expect(expandedKeysToLevel(tree, 5)).toEqual(['1', '11']);
  });
});

describe('namesById', () => {
  it('collects every node’s name, nested ones included, into an existing map', () => {
    const names = namesById([organisation], new Map([[99, '已选门店']]));
    expect([...names.entries()]).toEqual([
      [99, '已选门店'],
      [1, '华东餐饮集团'],
      [11, '上海分公司'],
      [111, '徐汇店'],
      [12, '杭州分公司'],
    ]);
  });
});

describe('regionCascaderOptions', () => {
  it('maps a whole tree down to districts, which are leaves', () => {
    const shanghai = {
      id: 310000,
      name: '上海市',
      childList: [{ id: 310100, name: '市辖区', childList: [{ id: 310104, name: '徐汇区' }] }],
    };
    expect(regionCascaderOptions([shanghai])).toEqual([
      {
        value: '310000',
        label: '上海市',
        isLeaf: false,
        children: [{ value: '310100', label: '市辖区', isLeaf: false, children: [{ value: '310104', label: '徐汇区', isLeaf: true }] }],
      },
    ]);
  });
  it('leaves the children of a node above district level to be loaded when it comes without them', () => {
    expect(regionCascaderOptions([{ id: 310100, name: '市辖区' }], 2)).toEqual([{ value: '310100', label: '市辖区', isLeaf: false }]);
  });
  it('treats a node with an empty child list as a leaf', () => {
    expect(regionCascaderOptions([{ id: 710000, name: '台湾省', childList: [] }])).toEqual([
      { value: '710000', label: '台湾省', isLeaf: true },
    ]);
  });
});
