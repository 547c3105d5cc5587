import { QueryClient, InfiniteQueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

const fetchCustomerPage = vi.fn();
vi.mock('./filters.ts', () => ({
  fetchCustomerPage,
  fetchContactNames: vi.fn(),
  fetchCustomerTreeChildren: vi.fn(),
  fetchCustomerTreeTops: vi.fn(),
  fetchDeviceTypes: vi.fn(),
  fetchPests: vi.fn(),
  fetchRegionTree: vi.fn(),
  fetchRiskIssues: vi.fn(),
  fetchRiskTypes: vi.fn(),
  fetchSalesAreas: vi.fn(),
  searchCustomerTree: vi.fn(),
}));

const { filterKeys, filterQueries } = await import('./filterQueries.ts');

const store = (id: number) => ({ id, name: `门店${id}` });

describe('filter queries', () => {
  it('ask for the store list a page at a time until every store is listed', async () => {
    fetchCustomerPage.mockImplementation(({ current }: { current: number }) =>
      Promise.resolve({ total: 3, records: current === 1 ? [store(1), store(2)] : [store(3)] }),
    );
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, filterQueries.storePages((current) => ({ current, name: '味' }), 0));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().hasNextPage).toBe(true));
    await observer.fetchNextPage();
    expect(fetchCustomerPage.mock.calls.map(([body]) => body)).toEqual([
      { current: 1, name: '味' },
      { current: 2, name: '味' },
    ]);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
  });

  it('start a fresh store list for each ask to list again, and for each search', () => {
    const first = (name: string) => () => ({ current: 1, name });
    expect(filterQueries.storePages(first('a'), 1).queryKey).not.toEqual(filterQueries.storePages(first('a'), 2).queryKey);
    expect(filterQueries.storePages(first('a'), 1).queryKey).not.toEqual(filterQueries.storePages(first('b'), 1).queryKey);
  });

  it('ask for the same issues whatever order the risk types were chosen in', () => {
    expect(filterKeys.riskIssues([3, 1, 2])).toEqual(filterKeys.riskIssues([1, 2, 3]));
  });
});
