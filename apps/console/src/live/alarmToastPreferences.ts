import { ALARM_SEVERITIES, type AlarmSeverity } from '@pest/shared';
import { accountPreferenceKey, useAccountPreference } from '../session/accountPreferences.ts';
import type { ToastPreferences } from './alarmToastPolicy.ts';

/**
 * Which alarms pop up, remembered per account in this browser: a control-room screen wants every
 * severity, a manager's laptop only captures. By default only critical alarms (a rodent in a box,
 * a gateway down) pop up; the rest wait in the bell and 告警中心.
 */
export const DEFAULT_TOAST_PREFERENCES: ToastPreferences = { severities: ['critical'], muted: false };

export const toastPreferencesKey = (account: string | undefined) => accountPreferenceKey('alarm-toasts', account);

/** Stored preferences, or the defaults for anything missing or unreadable: never fatal. */
export function parseToastPreferences(raw: string | null): ToastPreferences {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    return DEFAULT_TOAST_PREFERENCES;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_TOAST_PREFERENCES;
  const value = stored as Record<string, unknown>;
  const severities = Array.isArray(value.severities)
    ? ALARM_SEVERITIES.filter((severity) => (value.severities as unknown[]).includes(severity))
    : DEFAULT_TOAST_PREFERENCES.severities;
  const muted = typeof value.muted === 'boolean' ? value.muted : DEFAULT_TOAST_PREFERENCES.muted;
  return { severities, muted };
}

/** Toggles one severity, keeping the order of ALARM_SEVERITIES. */
export function withSeverity(preferences: ToastPreferences, severity: AlarmSeverity, on: boolean): ToastPreferences {
  const chosen = new Set(preferences.severities);
  if (on) chosen.add(severity);
  else chosen.delete(severity);
  return { ...preferences, severities: ALARM_SEVERITIES.filter((s) => chosen.has(s)) };
}

/**
 * The signed-in account's toast preferences and a setter that remembers them. Without an
 * account yet (user info still loading) the defaults, and nothing is stored.
 */
export function useToastPreferences(account: string | undefined): [ToastPreferences, (next: ToastPreferences) => void] {
  return useAccountPreference(toastPreferencesKey(account), parseToastPreferences);
}
