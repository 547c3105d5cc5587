import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * A user's choices kept in this browser (localStorage), one entry per account, so a shared
 * computer keeps each account's choices apart. Storage may refuse (a privacy setting, a full
 * quota): reads then give the defaults and a choice still holds for the visit, never an error.
 */

/** The subset of localStorage used, so tests can hand in a map. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `kind:account[:name…]`, or null without an account (user info still loading): nothing is read or stored then. */
export const accountPreferenceKey = (kind: string, account: string | undefined, ...names: string[]): string | null =>
  account ? [kind, account, ...names].join(':') : null;

export function readPreference(storage: PreferenceStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores the value as JSON; null forgets it (back to the defaults). */
export function storePreference(storage: PreferenceStorage | undefined, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Refused: what this page holds (below) keeps the choice until the page is left.
  }
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The stored text as this page holds it, per key: a failed write still holds for the visit. */
const held = new Map<string, string | null>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed a choice: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) held.clear();
    else held.delete(event.key);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(key: string): string | null {
  if (!held.has(key)) held.set(key, readPreference(browserStorage(), key));
  return held.get(key) ?? null;
}

/**
 * The preference under `key` as `parse` reads its stored text (null when there is none), and a
 * setter that stores it (null forgets it). Every component using the key follows a change.
 * `parse` must never throw and should be a stable function.
 */
export function useAccountPreference<T>(key: string | null, parse: (raw: string | null) => T): [T, (next: T | null) => void] {
  const raw = useSyncExternalStore(subscribe, () => (key ? snapshot(key) : null));
  const value = useMemo(() => parse(raw), [parse, raw]);
  const update = useCallback(
    (next: T | null) => {
      if (!key) return;
      held.set(key, next === null ? null : JSON.stringify(next));
      storePreference(browserStorage(), key, next);
      notify();
    },
    [key],
  );
  return [value, update];
}
