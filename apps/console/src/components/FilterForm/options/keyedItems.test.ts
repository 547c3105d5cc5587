import { describe, expect, it } from 'vitest';
import { OptionKeys, itemsFor } from './keyedItems.ts';

describe('itemsFor', () => {
  const plans = { key: OptionKeys.plans(1), items: [{ id: 5, name: '年度服务' }] };
  it('gives the items loaded for the key asked for', () => {
    expect(itemsFor(plans, OptionKeys.plans(1))).toEqual([{ id: 5, name: '年度服务' }]);
  });
  it('gives nothing for another key, or before any load', () => {
    expect(itemsFor(plans, OptionKeys.plans(2))).toEqual([]);
    expect(itemsFor(plans, OptionKeys.plans(undefined))).toEqual([]);
    expect(itemsFor(undefined, OptionKeys.plans(1))).toEqual([]);
  });
});

describe('OptionKeys', () => {
  it('tells lists apart by what they are of, not only by the id', () => {
    expect(OptionKeys.plans(1)).not.toBe(OptionKeys.serviceRegions(1));
  });
  it('ignores the order of chosen device types and treats none as all', () => {
    expect(OptionKeys.points(3, [2, 1])).toBe(OptionKeys.points(3, [1, 2]));
    expect(OptionKeys.points(3)).toBe(OptionKeys.points(3, []));
    expect(OptionKeys.points(3, [1])).not.toBe(OptionKeys.points(4, [1]));
  });
});
