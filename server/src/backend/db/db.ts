/**
 * The database as the rest of the backend sees it: SQL with positional parameters ($1, $2, …),
 * the same on PGlite and on PostgreSQL. Queries live with their domain.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters, such as a migration file. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside, use only `tx`: on PGlite the transaction holds the single connection, so a query
   * on the outer Db would wait for the transaction to end.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
