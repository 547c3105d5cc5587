/** Whether two JSON-shaped values differ (upstream answers: plain data, stable key order). */
export function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Records with an id above every id in `previous`: what arrived since (ids only grow). */
export function newerThan<T extends { id: number }>(previous: readonly T[], next: readonly T[]): T[] {
  const seen = previous.reduce((max, record) => Math.max(max, record.id), 0);
  return next.filter((record) => record.id > seen);
}
