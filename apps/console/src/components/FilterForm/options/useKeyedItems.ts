import { useCallback, useRef, useState } from 'react';
import { itemsFor, type KeyedItems } from './keyedItems.ts';

export interface KeyedLoader<T> {
  /** Loads the list for `key`; of overlapping loads, only the latest one's answer is kept. */
  load(key: string, fetch: () => Promise<readonly T[]>): void;
}

/** One option list of the form: its loader, and its items for the key the form asks for now. */
export function useKeyedItems<T>(): KeyedLoader<T> & { itemsFor(key: string): readonly T[] } {
  const [list, setList] = useState<KeyedItems<T>>();
  const latest = useRef<string>(undefined);
  const load = useCallback((key: string, fetch: () => Promise<readonly T[]>) => {
    latest.current = key;
    fetch().then(
      (items) => {
        if (latest.current === key) setList({ key, items });
      },
      () => {
        // A failed option list stays empty (console-spec section 8); the http client handled a lost session.
        if (latest.current === key) setList({ key, items: [] });
      },
    );
  }, []);
  return { load, itemsFor: (key: string) => itemsFor(list, key) };
}
