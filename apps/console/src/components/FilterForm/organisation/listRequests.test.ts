import { describe, expect, it } from 'vitest';
import { storePageQuery, treeSearch } from './listRequests.ts';

const filters = { provinceId: 310000, cityId: 310100, areaId: 3, areaIds: [3, 4], contactNameList: ['王五'] };

describe('treeSearch', () => {
  it('searches by name within region, area and contacts, without the multi-select areas', () => {
    expect(treeSearch('徐汇', filters)).toEqual({
      name: '徐汇',
      provinceId: 310000,
      cityId: 310100,
      districtId: undefined,
      areaId: 3,
      contactNameList: ['王五'],
    });
  });
});

describe('storePageQuery', () => {
  it('asks for one page by name within every filter', () => {
    expect(storePageQuery(2, '徐汇', filters)).toEqual({ current: 2, name: '徐汇', ...filters });
  });
});
