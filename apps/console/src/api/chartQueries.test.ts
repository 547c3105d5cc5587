import { QueryClient, QueryObserver, skipToken } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ChartBasis, type YearPestsBody } from '@pest/shared';

const fetchYearPests = vi.fn();
const fetchGroupPestRates = vi.fn();
const fetchGroupRiskRates = vi.fn();
vi.mock('./charts.ts', () => ({
  fetchYearPests,
  fetchGroupPestRates,
  fetchGroupRiskRates,
  fetchPointTrend: vi.fn(),
  fetchPointTrendDetails: vi.fn(),
  fetchRegionPests: vi.fn(),
  fetchPests: vi.fn(),
  fetchPestWork: vi.fn(),
  fetchRiskChart: vi.fn(),
  fetchRiskDetails: vi.fn(),
}));

const { chartKeys, chartQueries } = await import('./chartQueries.ts');
const { StaleTime } = await import('./query/staleTimes.ts');

const body = (year: string): YearPestsBody => ({ customerId: 7, startTime: `${year}-01-01`, endTime: `${year}-12-31`, type: 0 });

describe('chart queries', () => {
  it('name their cache entry by the call and the whole body', () => {
    expect(chartQueries.yearPests(body('2026')).queryKey).toEqual(['charts', 'yearPests', body('2026')]);
    expect(chartQueries.yearPests(body('2026')).queryKey).toEqual(chartKeys.chart('yearPests', body('2026')));
    expect(chartQueries.yearPests(body('2026')).staleTime).toBe(StaleTime.chart);
  });

  it('ask nothing before a body exists (before the first 查询, after Reset)', () => {
    expect(chartQueries.yearPests(undefined).queryFn).toBe(skipToken);
  });

  it('send the basis’ own call for positive rates', async () => {
    const client = new QueryClient();
    fetchGroupPestRates.mockResolvedValueOnce([]);
    fetchGroupRiskRates.mockResolvedValueOnce([]);
    await client.fetchQuery(chartQueries.groupRates({ basis: ChartBasis.pest, body: { petIds: [1] } as never }));
    await client.fetchQuery(chartQueries.groupRates({ basis: ChartBasis.risk, body: { riskTypeIds: [2] } as never }));
    expect(fetchGroupPestRates).toHaveBeenCalledWith({ petIds: [1] }, expect.any(AbortSignal));
    expect(fetchGroupRiskRates).toHaveBeenCalledWith({ riskTypeIds: [2] }, expect.any(AbortSignal));
  });

  it('abort the request a newer body supersedes, and show only the newer answer', async () => {
    const client = new QueryClient();
    const signals: AbortSignal[] = [];
    fetchYearPests.mockImplementation(
      (sent: YearPestsBody, signal: AbortSignal) =>
        new Promise((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve({ year: sent.startTime?.slice(0, 4) }), 10);
        }),
    );
    const observer = new QueryObserver(client, chartQueries.yearPests(body('2025')));
    const shown: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => result.data && shown.push(result.data));
    observer.setOptions(chartQueries.yearPests(body('2026')));
    await vi.waitFor(() => expect(shown).toEqual([{ year: '2026' }]));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    unsubscribe();
  });
});
