/**
 * Empty-string or empty filter values are sent as absent (console-spec section 5).
 * Returns a shallow copy without keys whose value is '', null, undefined or an empty array.
 */
export function compactParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params) as [keyof T, T[keyof T]][]) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}
