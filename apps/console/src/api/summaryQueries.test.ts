import { skipToken } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./summaries.ts', () => ({ fetchRiskSummary: vi.fn() }));

const { summaryQueries } = await import('./summaryQueries.ts');
const pestSummary = { kind: 'pestSummary', fetchHeader: vi.fn(), fetchPage: vi.fn(), exportUrl: '/x' } as const;
const deviceTypeSummary = { ...pestSummary, kind: 'deviceTypeSummary' } as const;

describe('summary queries', () => {
  it('keep the header apart from the pages, so paging never asks for the columns again', () => {
    const filters = { customerId: 1 };
    const header = summaryQueries.header(pestSummary, filters).queryKey;
    expect(summaryQueries.header(pestSummary, { customerId: 1 }).queryKey).toEqual(header);
    expect(summaryQueries.page(pestSummary, { ...filters, current: 2, size: 10 }).queryKey).not.toEqual(header);
  });

  it('never share an entry between two summaries asked with the same body', () => {
    const body = { customerId: 1, current: 1, size: 10 };
    expect(summaryQueries.page(pestSummary, body).queryKey).not.toEqual(summaryQueries.page(deviceTypeSummary, body).queryKey);
  });

  it('ask nothing before the first 查询', () => {
    expect(summaryQueries.page(pestSummary, undefined).queryFn).toBe(skipToken);
    expect(summaryQueries.header(pestSummary, undefined).queryFn).toBe(skipToken);
    expect(summaryQueries.riskSummary(undefined).queryFn).toBe(skipToken);
  });
});
