import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmPaths,
  AuditLogPaths,
  DevicePaths,
  DisplayPaths,
  MASKED_SECRET,
  NotifyPaths,
  ProviderDocumentPaths,
  SessionPaths,
  type AuditEntry,
  type AlarmRecord,
  type AuditLogListBody,
  type DeviceRow,
  type DisplayLinkSaveResult,
  type NotifyChannel,
  type Page,
  type ProviderDocument,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
const UPLOADED = '/api/oss/uploads/u1/0123456789abcdef.png';
const ADMIN_ADDRESS = '203.0.113.7';
const CHANNEL_SECRET = 'audit-secret-0f3a9c';

describe(`audit log on ${testDriver}`, () => {
  let backend: TestBackend;
  let dataDir: string;
  let admin: Headers;
  let manager: Headers;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'audit-log-'));
    backend = await createTestBackend({ env: { DATA_DIR: dataDir } });
    // As the gateway forwards it: the client's address in X-Forwarded-For, from loopback.
    admin = { ...(await signIn(backend.app, 'admin')), 'x-forwarded-for': ADMIN_ADDRESS };
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(async () => {
    await backend?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(url: string, headers: Headers, payload: object, method: 'POST' | 'PUT' = 'POST') => {
    const response = await backend.app.inject({ method, url, headers, payload });
    return { statusCode: response.statusCode, raw: response.body, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const entries = async (headers: Headers, filter: Partial<AuditLogListBody> = {}) => {
    const answer = await call<Page<AuditEntry>>(AuditLogPaths.list, headers, { current: 1, size: 100, ...filter });
    expect(answer.statusCode, answer.raw).toBe(200);
    return answer.body.data;
  };
  const about = async (headers: Headers, objectType: AuditLogListBody['objectType'], id: number) =>
    (await entries(headers, { objectType, objectId: String(id) })).records;

  it('records who created, changed and deleted a document, from which address, field by field', async () => {
    const created = await call<ProviderDocument>(ProviderDocumentPaths.save, admin, { kind: 'other', name: '卫生许可证', fileUrl: UPLOADED, validFrom: '2026-01-01', validTo: null });
    expect(created.statusCode, created.raw).toBe(200);
    const id = created.body.data.id;
    await call(ProviderDocumentPaths.save, admin, { id, kind: 'other', name: '卫生许可证（副本）', fileUrl: UPLOADED, validFrom: '2026-01-01', validTo: null });
    // Saved again unchanged: nothing happened, nothing is recorded.
    await call(ProviderDocumentPaths.save, admin, { id, kind: 'other', name: '卫生许可证（副本）', fileUrl: UPLOADED, validFrom: '2026-01-01', validTo: null });
    expect((await call(ProviderDocumentPaths.delete, admin, { id })).statusCode).toBe(200);
    // Removed, not deleted: the row its entries name is still there.
    expect(await backend.db.query('select removed_at is not null as removed from provider_documents where id = $1', [id])).toEqual([{ removed: true }]);

    const [deleted, updated, made, ...rest] = await about(admin, 'providerDocument', id);
    expect(rest).toEqual([]);
    for (const entry of [deleted, updated, made]) expect(entry).toMatchObject({ userId: 1, userName: '系统管理员', address: ADMIN_ADDRESS, objectType: 'providerDocument', objectId: String(id) });
    expect(made!.action).toBe('create');
    expect(made!.changes).toEqual({
      kind: { before: null, after: 'other' },
      name: { before: null, after: '卫生许可证' },
      filePath: { before: null, after: UPLOADED },
      validFrom: { before: null, after: '2026-01-01' },
    });
    expect(updated).toMatchObject({ action: 'update', changes: { name: { before: '卫生许可证', after: '卫生许可证（副本）' } } });
    expect(Object.keys(updated!.changes)).toEqual(['name']);
    expect(deleted).toMatchObject({ action: 'delete', changes: { name: { before: '卫生许可证（副本）', after: null } } });
    expect(made!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('records nothing for a write that was refused', async () => {
    const before = (await entries(admin)).total;
    expect((await call(ProviderDocumentPaths.delete, admin, { id: 987654 })).statusCode).toBe(404);
    expect((await call(ProviderDocumentPaths.save, manager, { kind: 'other', name: '越权', fileUrl: UPLOADED, validFrom: '2026-01-01', validTo: null })).statusCode).toBe(403);
    expect((await entries(admin)).total).toBe(before);
  });

  it('never holds a secret: a channel secret is shown as changed, masked, and a webhook key stays masked', async () => {
    const saved = await call<NotifyChannel>(NotifyPaths.channelSave, admin, {
      type: 'webhook',
      name: '审计测试',
      url: 'https://hooks.example.invalid/robot/send?key=9f8e7d6c5b4a',
      secret: CHANNEL_SECRET,
    });
    expect(saved.statusCode, saved.raw).toBe(200);
    await call(NotifyPaths.channelSave, admin, { id: saved.body.data.id, type: 'webhook', name: '审计测试', secret: `${CHANNEL_SECRET}-2` });
    const [rotated, made] = await about(admin, 'notifyChannel', saved.body.data.id);
    expect(made!.changes.hasSecret).toEqual({ before: null, after: true });
    expect(made!.changes.secret).toEqual({ before: MASKED_SECRET, after: MASKED_SECRET });
    expect(rotated).toMatchObject({ action: 'update', changes: { secret: { before: MASKED_SECRET, after: MASKED_SECRET } } });
    const all = JSON.stringify(await entries(admin));
    expect(all).not.toContain(CHANNEL_SECRET);
    expect(all).not.toContain('9f8e7d6c5b4a');
  });

  it("shows a customer's manager only the entries about their organisation's data", async () => {
    const own = await call<NotifyChannel>(NotifyPaths.channelSave, manager, { type: 'webhook', name: '门店值班群', url: 'https://hooks.example.invalid/manager' });
    expect(own.statusCode, own.raw).toBe(200);
    // The provider's channels (made by other tests) are not the manager's to read.
    const seen = (await entries(manager, { objectType: 'notifyChannel' })).records;
    expect(seen.map((entry) => [entry.objectType, entry.objectId])).toEqual([['notifyChannel', String(own.body.data.id)]]);
    // The demo's contract with the manager's organisation is theirs to read, as the seed wrote it.
    expect((await entries(manager, { objectType: 'contract' })).records.map((entry) => entry.userName)).toContain('系统管理员');
    expect(seen[0]).toMatchObject({ userId: 3, userName: '张经理', action: 'create' });
    // Provider staff read every entry, the manager's included.
    expect((await about(admin, 'notifyChannel', own.body.data.id)).map((entry) => entry.userName)).toEqual(['张经理']);
    expect((await entries(admin, { userId: 3 })).records.every((entry) => entry.userId === 3)).toBe(true);
  });

  it('records a display link made and revoked, without its token or code', async () => {
    const made = await call<DisplayLinkSaveResult>(DisplayPaths.save, admin, { name: '审计大屏', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 60, expiresAt: null });
    expect(made.statusCode, made.raw).toBe(200);
    const { link, token, code } = made.body.data;
    expect((await call(DisplayPaths.revoke, admin, { id: link.id })).statusCode).toBe(200);
    // Revoked again: nothing changed, nothing recorded.
    await call(DisplayPaths.revoke, admin, { id: link.id });
    const [revoked, created, ...rest] = await about(admin, 'displayLink', link.id);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({ action: 'create', changes: { name: { before: null, after: '审计大屏' } } });
    expect(revoked).toMatchObject({ action: 'revoke', changes: { revokedAt: { before: null, after: expect.any(String) } } });
    const all = JSON.stringify(await entries(admin));
    expect(all).not.toContain(token!);
    expect(all).not.toContain(code!);
  });

  it("records a device's edit under its store, which its organisation's manager reads", async () => {
    const [device] = (await call<Page<DeviceRow>>(DevicePaths.list, manager, { current: 1, size: 1, isCustomer: true, filters: {} })).body.data.records;
    const edited = await call(DevicePaths.edit, admin, { id: device!.id, deviceName: `${device!.deviceName}（审计）`, remark: '靠近后门' }, 'PUT');
    expect(edited.statusCode, edited.raw).toBe(200);
    const [entry] = await about(manager, 'device', device!.id);
    expect(entry).toMatchObject({ action: 'update', userName: '系统管理员', changes: { deviceName: { before: device!.deviceName, after: `${device!.deviceName}（审计）` }, remark: { after: '靠近后门' } } });
  });

  it('records each alarm acknowledged, assigned and handled, with the state before', async () => {
    const open = (
      await call<Page<AlarmRecord>>(DevicePaths.alarmList, manager, { current: 1, size: 2, alarmOnly: true, states: ['open'] })
    ).body.data.records.map((alarm) => alarm.id);
    expect(open).toHaveLength(2);
    expect((await call<{ changed: number }>(AlarmPaths.acknowledge, admin, { ids: [open[0]] })).body.data.changed).toBe(1);
    expect((await call<{ changed: number }>(AlarmPaths.assign, admin, { ids: open, assignee: '李工' })).body.data.changed).toBe(2);
    expect((await call<{ changed: number }>(AlarmPaths.handle, admin, { ids: open, note: '已更换粘鼠板' })).body.data.changed).toBe(2);
    const [handled, assigned, acknowledged] = await about(manager, 'alarm', open[0]!);
    expect(acknowledged).toMatchObject({ action: 'acknowledge', changes: { state: { before: 'open', after: 'acknowledged' } } });
    expect(assigned).toMatchObject({ action: 'assign', changes: { assignee: { after: '李工' } } });
    expect(handled).toMatchObject({ action: 'handle', changes: { state: { before: 'acknowledged', after: 'handled' }, note: { before: null, after: '已更换粘鼠板' } } });
    const [second] = await about(manager, 'alarm', open[1]!);
    expect(second!.changes.state).toEqual({ before: 'open', after: 'handled' });
    // Acting again changes nothing, and records nothing.
    await call(AlarmPaths.handle, admin, { ids: open, note: '再次处理' });
    expect(await about(manager, 'alarm', open[0]!)).toHaveLength(3);
  });

  it('pages newest first and filters by time', async () => {
    const firstPage = await entries(admin, { size: 2 });
    const secondPage = await entries(admin, { current: 2, size: 2 });
    expect(firstPage.total).toBeGreaterThanOrEqual(4);
    expect(secondPage.total).toBe(firstPage.total);
    expect([...firstPage.records, ...secondPage.records].map((entry) => entry.id)).toEqual((await entries(admin, { size: 4 })).records.map((entry) => entry.id));
    expect(firstPage.records[0]!.id).toBeGreaterThan(firstPage.records[1]!.id);
    expect((await entries(admin, { endTime: '2020-01-01' })).total).toBe(0);
  });

  it('exports what the filters find as an xlsx in the request\'s language, in the reader\'s scope', async () => {
    const download = async (headers: Headers, body: object, language = 'zh-CN') => {
      const response = await backend.app.inject({ method: 'POST', url: AuditLogPaths.export, headers: { ...headers, 'accept-language': language }, payload: body });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    const sheet = await download(admin, { objectType: 'providerDocument' });
    expect(sheet.name).toBe('操作日志');
    expect(sheet.getRow(1).values).toEqual([undefined, '时间', '操作人', '来源地址', '对象', '操作', '变更内容']);
    const listed = (await entries(admin, { objectType: 'providerDocument' })).records;
    expect(sheet.rowCount - 1).toBe(listed.length);
    const newest = sheet.getRow(2).values as unknown[];
    expect(newest.slice(2, 6)).toEqual(['系统管理员', ADMIN_ADDRESS, `资质文件 #${listed[0]!.objectId}`, '删除']);
    expect(String(newest[6])).toContain('名称：卫生许可证（副本） → —');

    const english = await download(admin, { objectType: 'providerDocument' }, 'en');
    expect(english.getRow(1).values).toEqual([undefined, 'Time', 'By', 'From address', 'Object', 'Action', 'Changes']);
    expect((english.getRow(2).values as unknown[])[5]).toBe('Deleted');
    // The manager's file holds what their list shows, and no provider entry.
    const managers = await download(manager, {});
    expect(managers.rowCount - 1).toBe((await entries(manager)).total);
    expect(JSON.stringify(managers.getSheetValues())).not.toContain('资质文件');
  });

  it('cannot be changed or removed, whatever asks', async () => {
    await expect(backend.db.query(`update audit_log set action = 'update'`)).rejects.toThrow(/append-only/);
    await expect(backend.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(backend.db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    expect((await entries(admin)).total).toBeGreaterThan(0);
  });

  it("records a password change as changed, never the password, where the account's organisation reads it", async () => {
    const answer = await call(SessionPaths.changePassword, manager, { oldPassword: '123456', newPassword: 'audit-pass-9x7' });
    expect(answer.statusCode, answer.raw).toBe(200);
    const [entry] = await about(manager, 'user', 3);
    expect(entry).toMatchObject({ action: 'update', userName: '张经理', changes: { password: { before: MASKED_SECRET, after: MASKED_SECRET } } });
    expect(JSON.stringify(await entries(admin))).not.toContain('audit-pass-9x7');
  });
});
