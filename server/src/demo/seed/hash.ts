/**
 * Deterministic choices for the generator. The same seed, label and key always give the same
 * value, whatever the driver, query plan or row order: `random()` gives none of these guarantees.
 * JavaScript decides the sizes (so they can be planned without a database); SQL picks each row's
 * attributes with PostgreSQL's hashint8extended, which is stable across versions and platforms
 * (hash partitioning depends on it) and answers the same on PGlite and PostgreSQL.
 */
import { labelSalt, stablePick } from '../../backend/common/stable-pick.ts';

export const GENERATOR_SEED = 20260101;

const salt = (label: string) => labelSalt(label, GENERATOR_SEED);

/** A whole number from 0 to n - 1 for (label, key), computed in JavaScript. */
export const hashPick = (label: string, key: number, n: number): number => stablePick(label, key, n, GENERATOR_SEED);

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
