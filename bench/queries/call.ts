/** One timed endpoint of bench/queries. */
export interface Call {
  name: string;
  method: 'GET' | 'POST';
  /** The url and body of the i-th call, so parameters vary like a user's clicks. */
  request(i: number): { url: string; payload?: object };
  as: 'admin' | 'manager';
}
