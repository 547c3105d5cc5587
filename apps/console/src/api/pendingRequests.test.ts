import { describe, expect, it } from 'vitest';
import { beginRequest, pendingRequestCount, subscribePendingRequests } from './pendingRequests.ts';

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
});
