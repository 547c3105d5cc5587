/**
 * Text parsers both drivers install, so a row reads the same on PGlite and on PostgreSQL.
 * Left alone, `pg` returns int8 (count, sum of integers) as strings while PGlite returns numbers,
 * and both return numeric as strings.
 */
const Oid = { int8: 20, numeric: 1700, date: 1082 } as const;

export const textParsers: Record<number, (value: string) => unknown> = {
  // Ids and counts stay far below 2^53.
  [Oid.int8]: Number,
  // Averages and rates; amounts that need exact decimals would be kept as integers of cents.
  [Oid.numeric]: Number,
  // A calendar date stays 'YYYY-MM-DD': a Date object would shift with the process time zone.
  [Oid.date]: (value) => value,
};
