import type { Queryable } from '../db.ts';

/** One insert of many rows: each column travels as one array parameter and is unnested in SQL. */
export async function insertRows(tx: Queryable, table: string, columns: string[], types: string[], rows: unknown[][]): Promise<void> {
  const arrays = columns.map((_, column) => rows.map((row) => row[column]));
  const unnest = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  await tx.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays);
}
