/**
 * Deterministic choices for the generator. The same seed, label and key always give the same
 * value, whatever the driver, query plan or row order: `random()` gives none of these guarantees.
 * JavaScript decides the sizes (so they can be planned without a database); SQL picks each row's
 * attributes with PostgreSQL's hashint8extended, which is stable across versions and platforms
 * (hash partitioning depends on it) and answers the same on PGlite and PostgreSQL.
 */
export const GENERATOR_SEED = 20260101;

/** A 31-bit salt per label, so that two attributes of the same row are not correlated. */
function salt(label: string): number {
  let h = 0x811c9dc5;
  for (const char of label) h = Math.imul(h ^ char.codePointAt(0)!, 0x01000193);
  return ((h ^ GENERATOR_SEED) >>> 0) % 0x7fffffff;
}

/** A whole number from 0 to n - 1 for (label, key), computed in JavaScript. */
export function hashPick(label: string, key: number, n: number): number {
  let h = Math.imul(key ^ salt(label), 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}

/** SQL for a whole number from 0 to n - 1 for (label, key); key and n are SQL expressions. */
export function sqlPick(label: string, key: string, n: string | number): string {
  return `mod(mod(hashint8extended((${key})::int8, ${salt(label)}), (${n})::int8) + (${n})::int8, (${n})::int8)::int`;
}

/** SQL for one element of a one-based SQL array, chosen by (label, key). */
export function sqlPickFrom(label: string, key: string, array: string): string {
  return `(${array})[1 + ${sqlPick(label, key, `cardinality(${array})`)}]`;
}

/** SQL that is true for about `percent` out of 100 keys. */
export function sqlChance(label: string, key: string, percent: number): string {
  return `(${sqlPick(label, key, 100)} < ${percent})`;
}

/** SQL text of exactly `digits` decimal digits (at most 18) for (label, key). */
export function sqlDigits(label: string, key: string, digits: number): string {
  const modulus = `${10 ** digits}::int8`;
  return `lpad(mod(mod(hashint8extended((${key})::int8, ${salt(label)}), ${modulus}) + ${modulus}, ${modulus})::text, ${digits}, '0')`;
}
