/**
 * Which columns a user shows and in what order, per table: a list of column keys in display order
 * with those hidden. Stored choices are read against the table's columns of today, so a column
 * added since shows in its default place and one removed since is forgotten.
 */
export interface ColumnChoice {
  order: readonly string[];
  hidden: readonly string[];
}

/** A column the user may hide and move; pinned ones (code, actions) are not slots and always show at their edge. */
export interface ColumnSlot {
  key: string;
  /** Hidden until the user asks for it: room at 1366 px goes to the key columns first. */
  hiddenByDefault?: boolean;
}

export const defaultChoice = (columns: readonly ColumnSlot[]): ColumnChoice => ({
  order: columns.map((column) => column.key),
  hidden: columns.filter((column) => column.hiddenByDefault).map((column) => column.key),
});

/** A stored choice, or null when there is none or it is unreadable: never fatal. */
export function parseColumnChoice(raw: string | null): ColumnChoice | null {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { order, hidden } = stored as Record<string, unknown>;
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null);
  const storedOrder = strings(order);
  const storedHidden = strings(hidden);
  return storedOrder && storedHidden ? { order: storedOrder, hidden: storedHidden } : null;
}

/**
 * The choice made to fit the columns: unknown keys dropped, new columns inserted after the column
 * that precedes them by default (hidden if they are hidden by default).
 */
export function reconcileChoice(columns: readonly ColumnSlot[], stored: ColumnChoice | null): ColumnChoice {
  if (!stored) return defaultChoice(columns);
  const known = new Set(columns.map((column) => column.key));
  const order = stored.order.filter((key, index) => known.has(key) && stored.order.indexOf(key) === index);
  columns.forEach((column, index) => {
    if (order.includes(column.key)) return;
    const before = columns[index - 1]?.key;
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, column.key);
  });
  const storedKeys = new Set(stored.order);
  const newlyHidden = columns.filter((c) => !storedKeys.has(c.key) && c.hiddenByDefault).map((c) => c.key);
  const hidden = [...stored.hidden.filter((key) => known.has(key)), ...newlyHidden];
  return { order, hidden };
}

/** The keys to draw, in order. */
export const visibleKeys = (choice: ColumnChoice): string[] => choice.order.filter((key) => !choice.hidden.includes(key));

export function withColumnShown(choice: ColumnChoice, key: string, shown: boolean): ColumnChoice {
  const hidden = choice.hidden.filter((hiddenKey) => hiddenKey !== key);
  return { ...choice, hidden: shown ? hidden : [...hidden, key] };
}

/** Moves a column one place up (-1) or down (+1); at an edge nothing changes. */
export function withColumnMoved(choice: ColumnChoice, key: string, step: -1 | 1): ColumnChoice {
  const from = choice.order.indexOf(key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= choice.order.length) return choice;
  const order = [...choice.order];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...choice, order };
}
