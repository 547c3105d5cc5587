import { useCallback, useSyncExternalStore } from 'react';
import { ALARM_SEVERITIES, type AlarmSeverity } from '@pest/shared';
import type { ToastPreferences } from './alarmToastPolicy.ts';

/**
 * Which alarms pop up, remembered per account in this browser (localStorage): a control-room
 * screen wants every severity, a manager's laptop only captures, and a shared computer keeps
 * each account's choice apart. By default only critical alarms (a rodent in a box, a gateway
 * down) pop up; the rest wait in the bell and 告警中心.
 */
export const DEFAULT_TOAST_PREFERENCES: ToastPreferences = { severities: ['critical'], muted: false };

/** The subset of localStorage used, so tests can hand in a map. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const toastPreferencesKey = (account: string) => `alarm-toasts:${account}`;

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

export function readToastPreferences(storage: PreferenceStorage | undefined, account: string): ToastPreferences {
  try {
    return parseToastPreferences(storage?.getItem(toastPreferencesKey(account)) ?? null);
  } catch {
    // Storage refused (a privacy setting): the defaults.
    return DEFAULT_TOAST_PREFERENCES;
  }
}

export function storeToastPreferences(storage: PreferenceStorage | undefined, account: string, preferences: ToastPreferences): void {
  try {
    storage?.setItem(toastPreferencesKey(account), JSON.stringify({ severities: preferences.severities, muted: preferences.muted }));
  } catch {
    // Private mode or a full quota: the choice still holds until the page is left.
  }
}

/** Toggles one severity, keeping the order of ALARM_SEVERITIES. */
export function withSeverity(preferences: ToastPreferences, severity: AlarmSeverity, on: boolean): ToastPreferences {
  const chosen = new Set(preferences.severities);
  if (on) chosen.add(severity);
  else chosen.delete(severity);
  return { ...preferences, severities: ALARM_SEVERITIES.filter((s) => chosen.has(s)) };
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The choice as this page holds it, per account, so a failed write still holds for the visit. */
const current = new Map<string, ToastPreferences>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed it: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(toastPreferencesKey(''))) {
      current.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(account: string): ToastPreferences {
  let preferences = current.get(account);
  if (!preferences) {
    preferences = readToastPreferences(browserStorage(), account);
    current.set(account, preferences);
  }
  return preferences;
}

/**
 * The signed-in account's toast preferences and a setter that remembers them. Without an
 * account yet (user info still loading) the defaults, and nothing is stored.
 */
export function useToastPreferences(account: string | undefined): [ToastPreferences, (next: ToastPreferences) => void] {
  const preferences = useSyncExternalStore(subscribe, () => (account ? snapshot(account) : DEFAULT_TOAST_PREFERENCES));
  const update = useCallback(
    (next: ToastPreferences) => {
      if (!account) return;
      current.set(account, next);
      storeToastPreferences(browserStorage(), account, next);
      notify();
    },
    [account],
  );
  return [preferences, update];
}
