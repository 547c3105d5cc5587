/** What changed between two polls of a list keyed by id. */
export interface RowsDiff<T> {
  changed: T[];
  added: T[];
  removed: (string | number)[];
}

/**
 * Compares two snapshots of rows by `id`, looking only at `fields`: a device row whose status,
 * battery, last communication or unhandled-alarm flag moved is sent, everything else is not.
 */
export function diffRows<T extends { id: string | number }>(
  previous: readonly T[],
  next: readonly T[],
  fields: readonly (keyof T)[],
): RowsDiff<T> {
  const before = new Map(previous.map((row) => [row.id, row]));
  const diff: RowsDiff<T> = { changed: [], added: [], removed: [] };
  for (const row of next) {
    const old = before.get(row.id);
    if (!old) diff.added.push(row);
    else if (fields.some((field) => !Object.is(old[field], row[field]))) diff.changed.push(row);
    before.delete(row.id);
  }
  diff.removed = [...before.keys()];
  return diff;
}

export function isEmptyDiff(diff: RowsDiff<unknown>): boolean {
  return diff.changed.length === 0 && diff.added.length === 0 && diff.removed.length === 0;
}
