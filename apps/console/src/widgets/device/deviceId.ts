/** The device from `?id=`: a positive integer, or nothing. */
export function deviceIdFromSearch(search: URLSearchParams): number | undefined {
  const raw = search.get('id') ?? '';
  if (!/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
