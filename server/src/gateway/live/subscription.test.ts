import { describe, expect, it } from 'vitest';
import { parseSubscription, subscriptionKey } from './subscription.ts';

describe('parseSubscription', () => {
  it('accepts each topic with its parameters, dropping empty filters', () => {
    expect(parseSubscription({ topic: 'deviceList', params: { current: 1, size: 10, filters: { name: '', status: 2 } } })).toEqual({
      ok: true,
      topic: 'deviceList',
      params: { current: 1, size: 10, filters: { status: 2 } },
    });
    expect(parseSubscription({ topic: 'device', params: { id: 7 } })).toMatchObject({ ok: true });
    expect(parseSubscription({ topic: 'alarmOverview' })).toEqual({ ok: true, topic: 'alarmOverview', params: {} });
  });

  it('refuses unknown topics and bad or extra parameters, saying why', () => {
    expect(parseSubscription({ topic: 'everything', params: {} })).toMatchObject({ ok: false, message: expect.stringContaining('unknown topic') });
    expect(parseSubscription({ topic: 'device', params: { id: 'x' } })).toMatchObject({ ok: false, message: expect.stringContaining('/id') });
    expect(parseSubscription({ topic: 'device', params: { id: 1, customerId: 9 } })).toMatchObject({ ok: false });
    expect(parseSubscription({ topic: 'deviceList', params: { current: 1, size: 100_000 } })).toMatchObject({ ok: false });
    expect(parseSubscription('deviceList')).toMatchObject({ ok: false });
    expect(parseSubscription({ topic: '__proto__' })).toMatchObject({ ok: false });
  });
});

describe('subscriptionKey', () => {
  it('is the same for the same account and question, whatever the key order', () => {
    const a = subscriptionKey(3, 'deviceList', { current: 1, size: 10, filters: { status: 2, name: 'x' } });
    const b = subscriptionKey(3, 'deviceList', { filters: { name: 'x', status: 2 }, size: 10, current: 1 });
    expect(a).toBe(b);
  });

  it('differs between accounts, so no two users ever share a poller', () => {
    expect(subscriptionKey(3, 'alarmOverview', {})).not.toBe(subscriptionKey(4, 'alarmOverview', {}));
    expect(subscriptionKey(3, 'device', { id: 1 })).not.toBe(subscriptionKey(3, 'device', { id: 2 }));
  });
});
