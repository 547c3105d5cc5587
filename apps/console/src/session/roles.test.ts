import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_ROLE, rolesOf } from './roles.ts';

describe('rolesOf', () => {
  it('takes the role keys from roleListVoList', () => {
    const roleListVoList = [
      { id: 1, roleName: '管理员', roleKey: 'admin' },
      { id: 2, roleName: '客户', roleKey: 'customer' },
    ];
    expect(rolesOf({ roleListVoList })).toEqual(['admin', 'customer']);
  });

  it('gives a single placeholder role when the user has none', () => {
    expect(rolesOf({ roleListVoList: [] })).toEqual([PLACEHOLDER_ROLE]);
    expect(rolesOf({ roleListVoList: undefined as never })).toEqual([PLACEHOLDER_ROLE]);
  });
});
