/**
 * How long an answer counts as current, per kind of data: the one place these are decided. A
 * fresh answer is shown from the cache without asking again; a stale one is shown while it is
 * asked again. Pressing 查询 always asks again (useSubmittedRequest), whatever these say.
 */
export const StaleTime = {
  /** Trees, dictionaries and option lists: they change when an administrator edits them, rarely. */
  reference: 30 * 60_000,
  /** Charts are heavy to compute (up to seconds on the server) and summarise months. */
  chart: 60_000,
  /** Lists and pages of rows, and the device's own state (which live pushes keep current while shown). */
  list: 15_000,
  /** The signed-in user: changes only with a new sign-in, which clears the cache. */
  session: Infinity,
  /** Content behind a URL that never changes what it points to (a signed floor-plan link). */
  immutable: Infinity,
} as const;
