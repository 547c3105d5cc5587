import { describe, expect, it } from 'vitest';
import { beginRequest, pendingRequestCount, pendingRequestText, subscribePendingRequests } from './pendingRequests.ts';

describe('pending request count', () => {
  it('counts concurrent requests and notifies on each change', () => {
    const seen: number[] = [];
    const unsubscribe = subscribePendingRequests(() => seen.push(pendingRequestCount()));
    const endFirst = beginRequest();
    const endSecond = beginRequest();
    endFirst();
    endSecond();
    unsubscribe();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('counts a request out only once', () => {
    const end = beginRequest();
    end();
    end();
    expect(pendingRequestCount()).toBe(0);
  });

  it('shows the text of the latest pending request that names one', () => {
    const endExport = beginRequest('正在导出...');
    const endPlain = beginRequest();
    expect(pendingRequestText()).toBe('正在导出...');
    const endDownload = beginRequest('正在下载');
    expect(pendingRequestText()).toBe('正在下载');
    endDownload();
    expect(pendingRequestText()).toBe('正在导出...');
    endExport();
    expect(pendingRequestText()).toBeUndefined();
    endPlain();
  });
});
