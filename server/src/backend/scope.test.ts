import { describe, expect, it } from 'vitest';
import { buildScope } from './scope.ts';

describe('buildScope', () => {
  const admins = new Set([1, 2]);

  it('marks the configured admin ids as admins with provider-wide scope', () => {
    expect(buildScope({ id: 1, customerId: null }, admins)).toEqual({ userId: 1, isAdmin: true, customerId: null });
  });

  it('scopes a customer manager to their customer', () => {
    expect(buildScope({ id: 3, customerId: 41 }, admins)).toEqual({ userId: 3, isAdmin: false, customerId: 41 });
  });
});
