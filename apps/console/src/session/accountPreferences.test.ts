import { describe, expect, it } from 'vitest';
import { accountPreferenceKey, readPreference, storePreference, type PreferenceStorage } from './accountPreferences.ts';

const memoryStorage = (): PreferenceStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

describe('account preferences', () => {
  it('keys a choice by kind, account and name, and has no key without an account', () => {
    expect(accountPreferenceKey('table-columns', 'admin', 'deviceList')).toBe('table-columns:admin:deviceList');
    expect(accountPreferenceKey('alarm-toasts', 'admin')).toBe('alarm-toasts:admin');
    expect(accountPreferenceKey('alarm-toasts', undefined)).toBeNull();
    expect(accountPreferenceKey('alarm-toasts', '')).toBeNull();
  });

  it('remembers each account’s choice apart, as JSON, and forgets one on null', () => {
    const storage = memoryStorage();
    const admin = accountPreferenceKey('alarm-toasts', 'admin')!;
    const manager = accountPreferenceKey('alarm-toasts', '13800000001')!;
    storePreference(storage, admin, { muted: true });
    expect(readPreference(storage, admin)).toBe('{"muted":true}');
    expect(readPreference(storage, manager)).toBeNull();
    expect([...storage.items.keys()]).toEqual([admin]);
    storePreference(storage, admin, null);
    expect(readPreference(storage, admin)).toBeNull();
  });

  it('never throws when storage refuses or is missing', () => {
    const refusing: PreferenceStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readPreference(refusing, 'a:b')).toBeNull();
    expect(() => storePreference(refusing, 'a:b', { muted: true })).not.toThrow();
    expect(() => storePreference(refusing, 'a:b', null)).not.toThrow();
    expect(readPreference(undefined, 'a:b')).toBeNull();
  });
});
