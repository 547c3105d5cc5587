/**
 * A picture or PDF document our object storage served: under its base, a plain key (no way out of
 * it); which kinds a key may be is the store's check when it is uploaded (uploads/object-store.ts).
 * A client sends back the signed link it was shown; `storedImagePath` keeps the path alone.
 */
export function isOurImage(url: string, base: string): boolean {
  if (!url.startsWith(`${base}/`)) return false;
  return /^[A-Za-z0-9/_.-]+$/.test(url.slice(base.length + 1)) && !url.includes('..');
}

/** The URL without the signed link's query, as it is kept. */
export function storedImagePath(url: string): string {
  return url.split('?', 1)[0]!;
}
