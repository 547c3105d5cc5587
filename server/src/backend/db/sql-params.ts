/**
 * Positional parameters for a query composed from fragments: `add` keeps the value and returns
 * its placeholder, so a fragment (such as the scope filter) never has to know its $n in advance.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
