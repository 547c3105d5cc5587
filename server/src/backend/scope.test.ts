import { describe, expect, it } from 'vitest';
import { SqlParams } from './db/sql-params.ts';
import { buildScope, inScope, isScopeTop } from './scope.ts';

describe('buildScope', () => {
  const admins = new Set([1, 2]);

  it('marks the configured admin ids as admins with provider-wide scope', () => {
    expect(buildScope({ id: 1, customerId: null }, admins)).toEqual({ userId: 1, isAdmin: true, customerId: null });
  });

  it('scopes a customer manager to their customer', () => {
    expect(buildScope({ id: 3, customerId: 41 }, admins)).toEqual({ userId: 3, isAdmin: false, customerId: 41 });
  });
});

describe('inScope and isScopeTop', () => {
  const admins = new Set([1]);

  it('leave admins and provider staff unrestricted, with every organisation as a top', () => {
    for (const scope of [buildScope({ id: 1, customerId: 41 }, admins), buildScope({ id: 5, customerId: null }, admins)]) {
      const params = new SqlParams();
      expect(inScope(scope, 'd.customer_id', params)).toBe('true');
      expect(isScopeTop(scope, 'c', params)).toBe('c.parent_id is null');
      expect(params.values).toEqual([]);
    }
  });

  it("limit a manager to the subtree of their customer, whose top is that customer", () => {
    const scope = buildScope({ id: 3, customerId: 41 }, admins);
    const params = new SqlParams();
    params.add('earlier parameter');
    expect(inScope(scope, 'd.customer_id', params)).toBe('d.customer_id in (select id from customers where path @> array[$2::int])');
    expect(isScopeTop(scope, 'c', params)).toBe('c.id = $3');
    expect(params.values).toEqual(['earlier parameter', 41, 41]);
  });
});
