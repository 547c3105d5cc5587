import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOAST_PREFERENCES,
  parseToastPreferences,
  readToastPreferences,
  storeToastPreferences,
  toastPreferencesKey,
  withSeverity,
  type PreferenceStorage,
} from './alarmToastPreferences.ts';

const memoryStorage = (): PreferenceStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
};

describe('alarm toast preferences', () => {
  it('toasts critical alarms only, unmuted, until the user chooses otherwise', () => {
    expect(DEFAULT_TOAST_PREFERENCES).toEqual({ severities: ['critical'], muted: false });
    expect(readToastPreferences(memoryStorage(), 'admin')).toEqual(DEFAULT_TOAST_PREFERENCES);
  });

  it('remembers each account’s choice apart', () => {
    const storage = memoryStorage();
    storeToastPreferences(storage, 'admin', { severities: ['critical', 'minor'], muted: true });
    expect(readToastPreferences(storage, 'admin')).toEqual({ severities: ['critical', 'minor'], muted: true });
    expect(readToastPreferences(storage, '13800000001')).toEqual(DEFAULT_TOAST_PREFERENCES);
    expect([...storage.items.keys()]).toEqual([toastPreferencesKey('admin')]);
  });

  it('reads what it can of a damaged or foreign value and never throws', () => {
    expect(parseToastPreferences('not json')).toEqual(DEFAULT_TOAST_PREFERENCES);
    expect(parseToastPreferences('42')).toEqual(DEFAULT_TOAST_PREFERENCES);
    expect(parseToastPreferences('{"muted":"yes","severities":["minor","loud",3,"critical"]}')).toEqual({
      severities: ['critical', 'minor'],
      muted: false,
    });
    // An empty choice is a choice: nothing but the bell.
    expect(parseToastPreferences('{"severities":[],"muted":false}')).toEqual({ severities: [], muted: false });
    const refusing: PreferenceStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readToastPreferences(refusing, 'admin')).toEqual(DEFAULT_TOAST_PREFERENCES);
    expect(() => storeToastPreferences(refusing, 'admin', DEFAULT_TOAST_PREFERENCES)).not.toThrow();
  });

  it('toggles a severity in the order of urgency', () => {
    const minorToo = withSeverity(DEFAULT_TOAST_PREFERENCES, 'minor', true);
    expect(withSeverity(minorToo, 'major', true).severities).toEqual(['critical', 'major', 'minor']);
    expect(withSeverity(minorToo, 'critical', false).severities).toEqual(['minor']);
  });
});
