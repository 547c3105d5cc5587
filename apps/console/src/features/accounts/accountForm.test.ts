import { describe, expect, it } from 'vitest';
import { AccountMessages, newPasswordProblem, type AccountRow } from '@pest/shared';
import { GENERATED_PASSWORD_LENGTH, accountBody, accountValuesOf, generatePassword, newAccountValues } from './accountForm.ts';
import { accountListBody } from './accountQuery.ts';

const storeLead: AccountRow = {
  id: 12,
  version: 4,
  account: 'store.lead',
  name: '王店长',
  phone: '13800001111',
  customerId: 9,
  customerName: '徐汇店',
  roles: [{ id: 2, roleName: '客户经理' }],
  state: 'active',
  createdAt: '2026-11-01 09:00:00',
  lastLoginAt: null,
};

describe('accountForm', () => {
  it('sends an edited account back as shown, with the version it loaded and no password', () => {
    expect(accountBody(accountValuesOf(storeLead), storeLead)).toEqual({
      ok: true,
      body: { id: 12, version: 4, account: 'store.lead', name: '王店长', phone: '13800001111', roleIds: [2], customerId: 9 },
    });
  });

  it('creates an account with its trimmed fields and initial password; an empty phone and customer are none (provider staff)', () => {
    const values = { ...newAccountValues(), account: ' new.tech ', name: ' 李工 ', roleIds: [4], password: 'given-pass-1' };
    expect(accountBody(values)).toEqual({
      ok: true,
      body: { account: 'new.tech', name: '李工', phone: null, roleIds: [4], customerId: null, password: 'given-pass-1' },
    });
  });

  it('refuses what the server refuses, in its words', () => {
    const values = { ...newAccountValues(), account: 'x', name: 'x', roleIds: [4] };
    expect(accountBody(values)).toEqual({ ok: false, problem: AccountMessages.passwordRequired });
    expect(accountBody({ ...values, password: 'short' })).toEqual({ ok: false, problem: '密码不能少于8位' });
    expect(accountBody({ ...values, roleIds: [], password: 'given-pass-1' })).toEqual({ ok: false, problem: AccountMessages.rolesRequired });
    expect(accountBody({ ...accountValuesOf(storeLead), account: 'bad account' }, storeLead)).toEqual({ ok: false, problem: '账号只能包含字母、数字和 . _ - @' });
  });

  it('generates a 12-character password the server takes, drawing again past the alphabet’s last whole multiple', () => {
    for (let i = 0; i < 20; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(newPasswordProblem(password)).toBeNull();
      expect(password).not.toMatch(/[0O1lI]/);
    }
    // 255 is past the last whole multiple of the alphabet (56 × 4 = 224): never used.
    let calls = 0;
    const bytes = (count: number) => new Uint8Array(count).fill(calls++ === 0 ? 255 : 0);
    expect(generatePassword(bytes)).toBe('A'.repeat(GENERATED_PASSWORD_LENGTH));
    expect(calls).toBe(2);
  });

  it('asks for page 1 of what the filters say, leaving out what is not set', () => {
    expect(accountListBody({ keyword: '  ', state: undefined }, 50)).toEqual({ current: 1, size: 50 });
    expect(accountListBody({ keyword: ' 王 ', roleId: 2, state: 'disabled', customerId: 9, customerLabel: '徐汇店' }, 20)).toEqual({
      current: 1,
      size: 20,
      keyword: '王',
      roleId: 2,
      state: 'disabled',
      customerId: 9,
    });
  });
});
