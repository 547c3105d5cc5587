import { useMemo } from 'react';
import { accountPreferenceKey, useAccountPreference } from '../../session/accountPreferences.ts';
import { useSession } from '../../session/session.ts';
import { parseColumnChoice, reconcileChoice, type ColumnChoice, type ColumnSlot } from './columnPreferences.ts';

/** The user's column choice for one table, remembered per account in this browser; the setter stores it (null: the defaults). */
export function useColumnChoice(tableId: string, slots: readonly ColumnSlot[]): [ColumnChoice, (next: ColumnChoice | null) => void] {
  const key = accountPreferenceKey('table-columns', useSession().user?.account, tableId);
  const [stored, store] = useAccountPreference(key, parseColumnChoice);
  const choice = useMemo(() => reconcileChoice(slots, stored), [slots, stored]);
  return [choice, store];
}
