import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  AuditLogPaths,
  DevicePaths,
  DisplayPaths,
  NotifyPaths,
  ProviderDocumentPaths,
  type AuditEntry,
  type DeviceInfo,
  type DeviceRow,
  type DisplayLinkSaveResult,
  type NotifyChannel,
  type NotifyRule,
  type Page,
  type ProviderDocument,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
type Versioned = { id: number; version: number };

/**
 * Two people edit the same record: the one who saves second, from the version both loaded, is refused
 * with 409 and the spec's wording, and the first one's save stands; an edit that names no version (a
 * client of the original contract) is not checked.
 */
describe(`concurrent edits on ${testDriver}`, () => {
  let backend: TestBackend;
  let dataDir: string;
  let admin: Headers;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'edit-version-'));
    backend = await createTestBackend({ env: { DATA_DIR: dataDir } });
    admin = await signIn(backend.app, 'admin');
  });
  afterAll(async () => {
    await backend?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(url: string, payload: object, method: 'POST' | 'PUT' | 'GET' = 'POST') => {
    const response = await backend.app.inject({ method, url, headers: admin, ...(method === 'GET' ? {} : { payload }) });
    return { statusCode: response.statusCode, raw: response.body, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const auditCount = async (objectType: string, id: number) =>
    (await call<Page<AuditEntry>>(AuditLogPaths.list, { current: 1, size: 100, objectType, objectId: String(id) })).body.data.total;

  /**
   * Saves `edit` twice from the version `loaded` had: the first moves the version on, the second is
   * refused and changes nothing (nor the log); the same edit without a version passes.
   */
  async function refusesTheSecondSave<T extends Versioned>(
    objectType: string,
    loaded: T,
    save: (body: { version?: number }) => Promise<{ statusCode: number; raw: string; body: { message: string; data: unknown } }>,
    read: () => Promise<T>,
  ) {
    expect(loaded.version).toBeGreaterThanOrEqual(1);
    const first = await save({ version: loaded.version });
    expect(first.statusCode, first.raw).toBe(200);
    const after = await read();
    expect(after.version).toBe(loaded.version + 1);
    const entries = await auditCount(objectType, loaded.id);

    const second = await save({ version: loaded.version });
    expect([second.statusCode, second.body.message]).toEqual([409, ApiMessages.editConflict]);
    expect(await read()).toEqual(after);
    expect(await auditCount(objectType, loaded.id)).toBe(entries);

    const unversioned = await save({});
    expect(unversioned.statusCode, unversioned.raw).toBe(200);
  }

  it('refuses a provider document saved from an older version', async () => {
    const body = { kind: 'other', name: '并发测试', fileUrl: '/api/oss/uploads/u1/0123456789abcdef.png', validFrom: '2026-01-01', validTo: null };
    const made = (await call<ProviderDocument>(ProviderDocumentPaths.save, body)).body.data;
    const read = async () => (await call<ProviderDocument[]>(ProviderDocumentPaths.list, {})).body.data.find((document) => document.id === made.id)!;
    let n = 0;
    await refusesTheSecondSave('providerDocument', made, (version) => call(ProviderDocumentPaths.save, { ...body, id: made.id, name: `并发测试 ${++n}`, ...version }), read);
  });

  it('refuses a notification channel and a rule saved from an older version', async () => {
    const channel = (await call<NotifyChannel>(NotifyPaths.channelSave, { type: 'webhook', name: '并发渠道', url: 'https://hooks.example.invalid/c' })).body.data;
    const readChannel = async () => (await call<NotifyChannel[]>(NotifyPaths.channelList, {})).body.data.find((each) => each.id === channel.id)!;
    let n = 0;
    await refusesTheSecondSave('notifyChannel', channel, (version) => call(NotifyPaths.channelSave, { id: channel.id, type: 'webhook', name: `并发渠道 ${++n}`, ...version }), readChannel);

    const ruleBody = { name: '并发规则', customerIds: [1], channelIds: [channel.id], enabled: false };
    const rule = (await call<NotifyRule>(NotifyPaths.ruleSave, ruleBody)).body.data;
    const readRule = async () => (await call<NotifyRule[]>(NotifyPaths.ruleList, {})).body.data.find((each) => each.id === rule.id)!;
    await refusesTheSecondSave('notifyRule', rule, (version) => call(NotifyPaths.ruleSave, { ...ruleBody, id: rule.id, name: `并发规则 ${++n}`, ...version }), readRule);
  });

  it('refuses a display link saved from an older version', async () => {
    const body = { name: '并发大屏', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 60, expiresAt: null };
    const { link } = (await call<DisplayLinkSaveResult>(DisplayPaths.save, body)).body.data;
    const read = async () => (await call<{ id: number; version: number }[]>(DisplayPaths.list, {})).body.data.find((each) => each.id === link.id)!;
    let n = 0;
    await refusesTheSecondSave('displayLink', { id: link.id, version: link.version }, (version) => call(DisplayPaths.save, { ...body, id: link.id, name: `并发大屏 ${++n}`, ...version }), async () => {
      const { id, version } = await read();
      return { id, version };
    });
  });

  it("refuses a device saved from an older version, and the live writers' updates do not move it", async () => {
    const [row] = (await call<Page<DeviceRow>>(DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: {} })).body.data.records;
    const read = async () => (await call<DeviceInfo>(`${DevicePaths.get}?id=${row!.id}`, {}, 'GET')).body.data;
    const loaded = await read();
    // What a device's reports change (its battery, its last contact) is no edit.
    await backend.db.query('update devices set remaining_power = 55, last_communication_at = now() where id = $1', [row!.id]);
    expect((await read()).version).toBe(loaded.version);
    let n = 0;
    await refusesTheSecondSave('device', loaded, (version) => call(DevicePaths.edit, { id: row!.id, deviceName: `并发设备 ${++n}`, ...version }, 'PUT'), read);
  });
});
