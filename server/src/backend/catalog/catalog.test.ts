import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictionaryType, FilterPaths, PestListType, type NamedItem } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

describe(`catalog filter API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
  });
  afterAll(() => backend?.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ message: string; data: NamedItem[] }>() };
  };
  const names = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const { statusCode, body } = await call(method, url, payload);
    expect(statusCode).toBe(200);
    return body.data.map((item) => item.name);
  };

  it('lists pests of type 0', async () => {
    expect(await names('GET', `${FilterPaths.pestsByType}?type=${PestListType.pest}`)).toEqual(
      expect.arrayContaining(['德国小蠊', '美洲大蠊', '褐家鼠', '小家鼠', '家蝇', '果蝇', '蚂蚁', '书虱']),
    );
    expect(await names('GET', `${FilterPaths.pestsByType}?type=9`)).toEqual([]);
  });

  it('lists device types, all of them without a name and the matching ones with one', async () => {
    const all = await names('POST', FilterPaths.deviceTypes);
    expect(all).toEqual(expect.arrayContaining(['粘鼠板', '鼠饵站', '捕鼠笼', '灭蝇灯', '蟑螂屋', '智能鼠盒 NB-IoT', '智能鼠盒 LoRa', 'LoRa网关']));
    expect(await names('POST', FilterPaths.deviceTypes, {})).toEqual(all);
    expect(await names('POST', FilterPaths.deviceTypes, { name: '' })).toEqual(all);
    expect(await names('POST', FilterPaths.deviceTypes, { name: 'lora' })).toEqual(['智能鼠盒 LoRa', 'LoRa网关']);
  });

  it('lists the suppliers dictionary (type 18)', async () => {
    const suppliers = await names('POST', FilterPaths.dictionaryDownList, { typeId: DictionaryType.supplier });
    expect(suppliers.length).toBeGreaterThan(2);
    expect(suppliers.every((name) => name.endsWith('有限公司'))).toBe(true);
    expect(await names('POST', FilterPaths.dictionaryDownList, { typeId: 999 })).toEqual([]);
  });

  it('lists the pests as dictionary type 0, as the spec says', async () => {
    expect(await names('POST', FilterPaths.dictionaryDownList, { typeId: DictionaryType.pest })).toEqual(
      await names('GET', `${FilterPaths.pestsByType}?type=${PestListType.pest}`),
    );
  });

  it.each([
    ['GET', `${FilterPaths.pestsByType}?type=pests`, undefined, 'querystring/type'],
    ['POST', FilterPaths.dictionaryDownList, { typeId: '18' }, 'body/typeId'],
    ['POST', FilterPaths.dictionaryDownList, { typeId: -1 }, 'body/typeId'],
    ['GET', `${FilterPaths.pestsByType}?type=0x0`, undefined, 'querystring/type'],
    ['POST', FilterPaths.dictionaryDownList, undefined, 'body'],
    ['POST', FilterPaths.deviceTypes, { name: 7 }, 'body/name'],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const { statusCode, body } = await call(method, url, payload);
    expect(statusCode).toBe(400);
    expect(body.message).toContain(field);
  });

  it('documents every filter-support call in the OpenAPI document, tree nodes as named schemas', async () => {
    const document = backend.app.swagger() as unknown as { paths: Record<string, unknown>; components: { schemas: Record<string, { title?: string }> } };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(Object.values(FilterPaths)));
    const titles = Object.values(document.components.schemas).map((schema) => schema.title);
    expect(titles).toEqual(expect.arrayContaining(['CustomerTreeNode', 'RegionTreeNode', 'ServiceRegionNode']));
  });
});
