import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, FieldPaths, MaterialKind, MaterialMessages, MaterialPaths, type FieldCatalog, type Material } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;

/** 物料 against the reference backend: the catalogue kept by staff, read by customers' managers, and what the field app may pick. */
describe(`materials catalogue on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let technician: Headers;

  const post = async <T>(url: string, payload: object, headers = admin) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    const body = response.json<{ message: string; data: T }>();
    return { statusCode: response.statusCode, message: body.message, data: body.data };
  };
  const list = async (body: object = {}, headers = admin) => (await post<{ total: number; records: Material[] }>(MaterialPaths.list, { current: 1, size: 50, ...body }, headers)).data;
  const insecticide = { name: '10%高效氯氰菊酯微囊悬浮剂', type: MaterialKind.insecticide, registrationNo: 'WP20260001', registrationValidUntil: '2031-06-30', activeIngredient: '高效氯氰菊酯', concentration: '10%', manufacturer: '某某农化', unit: 'ml' };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    technician = await signIn(backend.app, 'tech');
  });
  afterAll(() => backend?.close());

  it('adds and edits a material with its registration, audited, and refuses what is wrong with the field named', async () => {
    const saved = await post<{ id: number }>(MaterialPaths.save, insecticide);
    expect(saved.statusCode, saved.message).toBe(200);
    const [row] = (await list({ keyword: '微囊' })).records;
    expect(row).toMatchObject({ id: saved.data.id, version: 1, name: insecticide.name, type: MaterialKind.insecticide, registrationValidUntil: '2031-06-30', expired: false, disabled: false, sdsUrl: null });

    const edited = await post(MaterialPaths.save, { ...insecticide, id: saved.data.id, version: 1, manufacturer: '另一家农化' });
    expect(edited.statusCode, edited.message).toBe(200);
    // Someone saving over the edit from the version before is refused.
    const stale = await post(MaterialPaths.save, { ...insecticide, id: saved.data.id, version: 1 });
    expect([stale.statusCode, stale.message]).toEqual([409, ApiMessages.editConflict]);

    const refused = async (body: object, message: string) => {
      const answer = await post(MaterialPaths.save, body);
      expect([answer.statusCode, answer.message]).toEqual([400, message]);
    };
    await refused({ ...insecticide, name: '另一个名字', registrationNo: null }, MaterialMessages.pesticideNeedsNo);
    await refused({ ...insecticide }, MaterialMessages.nameTaken);
    await refused({ ...insecticide, name: '  ' }, MaterialMessages.nameRequired);
    await refused({ ...insecticide, name: '某说明书', sdsUrl: 'https://elsewhere.example/sds.png' }, MaterialMessages.sdsNotOurs);
    await refused({ name: '粘板B', type: MaterialKind.glueBoard, unit: '张', registrationValidUntil: '2030-01-01' }, MaterialMessages.validUntilWithoutNo);

    const audit = await backend.db.query<{ action: string }>(`select action from audit_log where object_type = 'material' and object_id = $1 order by id`, [String(saved.data.id)]);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('keeps an expired or disabled material out of the field app, and a customer’s manager reads the catalogue without changing it', async () => {
    const expired = await post<{ id: number }>(MaterialPaths.save, { ...insecticide, name: '过期杀蟑饵剂', registrationNo: 'WP20100002', registrationValidUntil: '2020-12-31' });
    const retired = await post<{ id: number }>(MaterialPaths.save, { name: '停用粘鼠板', type: MaterialKind.glueBoard, unit: '张' });
    expect((await list({ keyword: '过期杀蟑' })).records[0]).toMatchObject({ expired: true });
    expect((await post(MaterialPaths.disable, { id: retired.data.id })).statusCode).toBe(200);
    expect((await list({ keyword: '停用粘鼠板' })).total).toBe(0);
    expect((await list({ keyword: '停用粘鼠板', withDisabled: true })).records[0]).toMatchObject({ disabled: true });

    const catalog = (await backend.app.inject({ method: 'GET', url: FieldPaths.catalog, headers: technician })).json<{ data: FieldCatalog }>().data;
    const ids = catalog.materials.map((material) => material.id);
    expect(ids).not.toContain(expired.data.id);
    expect(ids).not.toContain(retired.data.id);
    expect(ids.length).toBeGreaterThan(0);

    expect((await list({}, manager)).total).toBeGreaterThan(0);
    expect((await post(MaterialPaths.save, { name: '经理加的', type: MaterialKind.consumable, unit: '个' }, manager)).statusCode).toBe(403);
    expect((await post(MaterialPaths.enable, { id: retired.data.id }, manager)).statusCode).toBe(403);
    expect((await post(MaterialPaths.enable, { id: retired.data.id })).statusCode).toBe(200);
    expect((await list({ keyword: '停用粘鼠板' })).total).toBe(1);
  });
});
