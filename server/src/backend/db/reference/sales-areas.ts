/**
 * The provider's sales areas (大区) and the provinces each covers, as GB/T 2260 two-digit
 * province prefixes, most commercially important first: chains open there first.
 */
export const SALES_AREAS = [
  { id: 1, name: '华北', provinces: [11, 12, 13, 14, 15] },
  { id: 2, name: '东北', provinces: [21, 22, 23] },
  { id: 3, name: '华东', provinces: [31, 32, 33, 37, 35, 34, 36] },
  { id: 4, name: '华中', provinces: [42, 43, 41] },
  { id: 5, name: '华南', provinces: [44, 45, 46] },
  { id: 6, name: '西南', provinces: [51, 50, 53, 52, 54] },
  { id: 7, name: '西北', provinces: [61, 62, 64, 63, 65] },
] as const;

export type SalesArea = (typeof SALES_AREAS)[number];

/** How often an organisation is based in each area, out of the list length. */
export const HOME_AREA_DRAW: readonly number[] = [3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 5, 5, 5, 5, 4, 4, 6, 6, 2, 7];

/** The six-digit region id of a province prefix: 11 → 110000. */
export const provinceRegionId = (prefix: number): number => prefix * 10_000;

export function salesAreaOfProvince(provinceId: number): SalesArea {
  const prefix = Math.floor(provinceId / 10_000);
  const area = SALES_AREAS.find((candidate) => (candidate.provinces as readonly number[]).includes(prefix));
  if (!area) throw new Error(`Province ${provinceId} is in no sales area`);
  return area;
}
