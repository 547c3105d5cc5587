import { describe, expect, it } from 'vitest';
import { Permission } from '@pest/shared';
import { SqlParams } from './db/sql-params.ts';
import { buildScope, displayUserId, inScope, isScopeTop } from './scope.ts';

/** An account as its roles make it: an administrator, or one granting only the service records. */
const account = (id: number, customerId: number | null, isAdmin = false) => ({ id, customerId, isAdmin, permissions: [Permission.serviceView] });

describe('buildScope', () => {
  it("takes the administrator's role and the permissions the account's roles grant", () => {
    expect(buildScope(account(1, null, true))).toEqual({ userId: 1, isAdmin: true, customerId: null, permissions: new Set([Permission.serviceView]) });
  });

  it('scopes a customer manager to their customer', () => {
    expect(buildScope(account(3, 41))).toMatchObject({ userId: 3, isAdmin: false, customerId: 41 });
  });
});

describe('inScope and isScopeTop', () => {
  it('leave admins and provider staff unrestricted, with every organisation as a top', () => {
    for (const scope of [buildScope(account(1, 41, true)), buildScope(account(5, null))]) {
      const params = new SqlParams();
      expect(inScope(scope, 'd.customer_id', params)).toBe('true');
      expect(isScopeTop(scope, 'c', params)).toBe('c.parent_id is null');
      expect(params.values).toEqual([]);
    }
  });

  it("limit a manager to the subtree of their customer, whose top is that customer", () => {
    const scope = buildScope(account(3, 41));
    const params = new SqlParams();
    params.add('earlier parameter');
    expect(inScope(scope, 'd.customer_id', params)).toBe('d.customer_id in (select id from customers where path @> array[$2::int])');
    expect(isScopeTop(scope, 'c', params)).toBe('c.id = $3');
    expect(params.values).toEqual(['earlier parameter', 41, 41]);
  });
});

describe('a display scope', () => {
  const display = { linkId: 7, scopeIndex: 1, linkName: '监控中心', organisationName: '服务商', customerIds: [41, 42], areaIds: [3] };

  it('acts as a negative user of its own per link and scope', () => {
    const ids = [displayUserId(7, 0), displayUserId(7, 1), displayUserId(8, 0)];
    expect(ids.every((id) => id < 0)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it("narrows its creator's scope to its subtrees and areas", () => {
    const params = new SqlParams();
    const scope = { ...buildScope(account(3, 40)), display };
    expect(inScope(scope, 'd.customer_id', params)).toBe(
      'd.customer_id in (select v.id from customers v where v.path @> array[$1::int] and v.path && $2::int[] and v.area_id = any($3::int[]))',
    );
    expect(params.values).toEqual([40, [41, 42], [3]]);
  });

  it('has the customers it names as tops, those below another one apart', () => {
    const params = new SqlParams();
    const scope = { ...buildScope(account(1, null, true)), display };
    expect(isScopeTop(scope, 'c', params)).toBe('c.id = any($1::int[]) and not (c.path[1:array_length(c.path, 1) - 1] && $1::int[])');
  });

  it('of everything an admin sees is no restriction at all', () => {
    const params = new SqlParams();
    const scope = { ...buildScope(account(1, null, true)), display: { ...display, customerIds: [], areaIds: [] } };
    expect(inScope(scope, 'd.customer_id', params)).toBe('true');
    expect(isScopeTop(scope, 'c', params)).toBe('c.parent_id is null');
  });
});
