import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_PREFERENCES, parseToastPreferences, toastPreferencesKey, withSeverity } from './alarmToastPreferences.ts';

describe('alarm toast preferences', () => {
  it('toasts critical alarms only, unmuted, until the user chooses otherwise', () => {
    expect(DEFAULT_TOAST_PREFERENCES).toEqual({ severities: ['critical'], muted: false });
    expect(parseToastPreferences(null)).toEqual(DEFAULT_TOAST_PREFERENCES);
  });

  it('keeps each account’s choice under a key of its own', () => {
    expect(toastPreferencesKey('admin')).toBe('alarm-toasts:admin');
    expect(toastPreferencesKey(undefined)).toBeNull();
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
  });

  it('toggles a severity in the order of urgency', () => {
    const minorToo = withSeverity(DEFAULT_TOAST_PREFERENCES, 'minor', true);
    expect(withSeverity(minorToo, 'major', true).severities).toEqual(['critical', 'major', 'minor']);
    expect(withSeverity(minorToo, 'critical', false).severities).toEqual(['minor']);
  });
});
