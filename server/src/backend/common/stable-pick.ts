/**
 * Deterministic choices: the same label, key and seed always give the same value, whatever runs
 * it. The demo's generator picks its rows' attributes with these (in SQL too, db/seed/hash.ts);
 * the product varies a drawing's layout by its record's id.
 */

/** A 31-bit salt per label, so that two attributes of the same key are not correlated. */
export function labelSalt(label: string, seed: number): number {
  let h = 0x811c9dc5;
  for (const char of label) h = Math.imul(h ^ char.codePointAt(0)!, 0x01000193);
  return ((h ^ seed) >>> 0) % 0x7fffffff;
}

/** A whole number from 0 to n - 1 for (label, key, seed). */
export function stablePick(label: string, key: number, n: number, seed: number): number {
  let h = Math.imul(key ^ labelSalt(label, seed), 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}
