import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../session/session.ts';
import { parseColumnChoice, reconcileChoice, type ColumnChoice, type ColumnSlot } from './columnPreferences.ts';

/** One entry per account and table, so a shared computer keeps each user's columns apart. */
export const columnChoiceKey = (account: string, tableId: string) => `table-columns:${account}:${tableId}`;

function readStored(key: string | null): string | null {
  try {
    return key ? localStorage.getItem(key) : null;
  } catch {
    return null; // storage refused (a privacy setting): the defaults
  }
}

/** The user's column choice for one table, remembered in this browser; the setter stores it. */
export function useColumnChoice(tableId: string, slots: readonly ColumnSlot[]): [ColumnChoice, (next: ColumnChoice | null) => void] {
  const account = useSession().user?.account;
  const key = account ? columnChoiceKey(account, tableId) : null;
  // What this page chose, per storage key: a failed write still holds for the visit.
  const [chosen, setChosen] = useState<{ key: string | null; choice: ColumnChoice | null } | null>(null);
  const fromStorage = useMemo(() => parseColumnChoice(readStored(key)), [key]);
  const stored = chosen && chosen.key === key ? chosen.choice : fromStorage;
  const choice = useMemo(() => reconcileChoice(slots, stored), [slots, stored]);

  const update = useCallback(
    (next: ColumnChoice | null) => {
      setChosen({ key, choice: next });
      if (!key) return;
      try {
        if (next) localStorage.setItem(key, JSON.stringify(next));
        else localStorage.removeItem(key);
      } catch {
        // Private mode or a full quota: the choice holds until the page is left.
      }
    },
    [key],
  );
  return [choice, update];
}
