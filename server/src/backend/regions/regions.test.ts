import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterPaths, REGION_ROOT_ID, type NamedItem, type RegionTreeNode } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { loadDivisions } from '../db/reference/regions.ts';
import { SALES_AREAS } from '../db/reference/sales-areas.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

describe(`region filter API on ${testDriver}`, () => {
  let backend: TestBackend;
  let manager: { authorization: string };
  beforeAll(async () => {
    backend = await createTestBackend();
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  const get = (url: string) => backend.app.inject({ method: 'GET', url, headers: manager });
  const count = (nodes: RegionTreeNode[]): number => nodes.reduce((sum, node) => sum + 1 + count(node.childList ?? []), 0);

  it('returns every division under the root, nested province > city > district', async () => {
    const response = await get(FilterPaths.regionTree);
    expect(response.statusCode).toBe(200);
    const tree = response.json<{ data: RegionTreeNode[] }>().data;
    expect(count(tree)).toBe(loadDivisions().length - 1);
    const beijing = tree.find((province) => province.id === 110000)!;
    expect(beijing.name).toBe('北京市');
    expect(beijing.childList![0]!.childList).toContainEqual({ id: 110105, name: '朝阳区' });
    const guangdong = tree.find((province) => province.id === 440000)!;
    expect(guangdong.childList!.find((city) => city.id === 440300)).toMatchObject({ name: '深圳市' });

    const explicitRoot = await get(`${FilterPaths.regionTree}?id=${REGION_ROOT_ID}`);
    expect(explicitRoot.json()).toEqual(response.json());
  });

  it('returns the subtree of any division, and nothing for an unknown id', async () => {
    const shenzhen = (await get(`${FilterPaths.regionTree}?id=440300`)).json<{ data: RegionTreeNode[] }>().data;
    expect(shenzhen.map((district) => district.name)).toContain('南山区');
    expect(shenzhen.every((district) => !district.childList)).toBe(true);
    expect((await get(`${FilterPaths.regionTree}?id=999999`)).json().data).toEqual([]);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await get(`${FilterPaths.regionTree}?id=beijing`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('querystring/id');
  });

  it('lists the sales areas', async () => {
    const areas = (await get(FilterPaths.salesAreaList)).json<{ data: NamedItem[] }>().data;
    expect(areas).toEqual(SALES_AREAS.map(({ id, name }) => ({ id, name })));
    expect(areas.map((area) => area.name)).toEqual(expect.arrayContaining(['华北', '华东', '华南', '华中', '西南']));
  });
});
