import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '@pest/shared';
import {
  EMPTY_STORE_LIST,
  SELECT_ALL,
  allListedChosen,
  applyStoreChoice,
  hasMorePages,
  isNearBottom,
  withPage,
} from './storeList.ts';

const store = (id: number): CustomerRecord => ({ id, name: `门店${id}`, address: '', organisationName: '集团' });

describe('withPage', () => {
  it('starts over on page 1 and appends later pages', () => {
    const first = withPage({ page: 2, total: 9, records: [store(9)] }, 1, { total: 3, records: [store(1), store(2)] });
    expect(first).toEqual({ page: 1, total: 3, records: [store(1), store(2)] });
    const second = withPage(first, 2, { total: 3, records: [store(3)] });
    expect(second.records.map((record) => record.id)).toEqual([1, 2, 3]);
    expect(second.page).toBe(2);
  });
  it('does not list a store twice when rows shift between pages', () => {
    const first = withPage(EMPTY_STORE_LIST, 1, { total: 3, records: [store(1), store(2)] });
    expect(withPage(first, 2, { total: 3, records: [store(2), store(3)] }).records.map((record) => record.id)).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('hasMorePages', () => {
  it('is true while fewer stores are listed than the total', () => {
    expect(hasMorePages(EMPTY_STORE_LIST)).toBe(false);
    expect(hasMorePages({ page: 1, total: 120, records: [store(1)] })).toBe(true);
    expect(hasMorePages({ page: 1, total: 1, records: [store(1)] })).toBe(false);
  });
});

describe('isNearBottom', () => {
  it('is true within the threshold of the bottom and false above it', () => {
    expect(isNearBottom({ scrollTop: 700, clientHeight: 300, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 670, clientHeight: 300, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 600, clientHeight: 300, scrollHeight: 1000 })).toBe(false);
  });
  it('is true for a list shorter than its dropdown', () => {
    expect(isNearBottom({ scrollTop: 0, clientHeight: 300, scrollHeight: 200 })).toBe(true);
  });
});

describe('applyStoreChoice', () => {
  const listed = [1, 2, 3];
  it('passes plain choices through', () => {
    expect(applyStoreChoice([2, 3], listed)).toEqual([2, 3]);
  });
  it('select-all adds every listed store to what is chosen', () => {
    expect(applyStoreChoice([2, SELECT_ALL], listed)).toEqual([2, 1, 3]);
  });
  it('select-all keeps stores chosen from an earlier search', () => {
    expect(applyStoreChoice([42, SELECT_ALL], listed)).toEqual([42, 1, 2, 3]);
  });
  it('select-all with every listed store chosen removes them, and only them', () => {
    expect(applyStoreChoice([42, 1, 2, 3, SELECT_ALL], listed)).toEqual([42]);
  });
  it('select-all on an empty list changes nothing', () => {
    expect(applyStoreChoice([42, SELECT_ALL], [])).toEqual([42]);
  });
});

describe('allListedChosen', () => {
  it('needs a non-empty list, all of it chosen', () => {
    expect(allListedChosen([1, 2], [])).toBe(false);
    expect(allListedChosen([1, 2], [1, 2])).toBe(true);
    expect(allListedChosen([1], [1, 2])).toBe(false);
  });
});
