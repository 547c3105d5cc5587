import { describe, expect, it } from 'vitest';
import { validateAccount, validatePassword } from './loginRules.ts';

describe('login rules', () => {
  it('requires an account, blanks not counting', () => {
    expect(validateAccount(undefined)).toBe('请输入正确的用户名');
    expect(validateAccount('')).toBe('请输入正确的用户名');
    expect(validateAccount('   ')).toBe('请输入正确的用户名');
    expect(validateAccount(' admin ')).toBeUndefined();
  });

  it('requires a password of at least 6 characters', () => {
    expect(validatePassword(undefined)).toBe('密码不能少于6位');
    expect(validatePassword('12345')).toBe('密码不能少于6位');
    expect(validatePassword('123456')).toBeUndefined();
    expect(validatePassword('      ')).toBeUndefined();
  });
});
