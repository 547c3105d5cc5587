import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountMessages,
  AccountPaths,
  ApiMessages,
  AuditLogPaths,
  BuiltInRole,
  CustomerPaths,
  DevicePaths,
  Permission,
  SessionPaths,
  type AccountRow,
  type AuditEntry,
  type Page,
  type RoleRow,
  type UserInfo,
  type UserSaveBody,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
/** The demo manager's organisation. */
const OWN = 1;
const PASSWORD = 'Start-2026';

describe(`accounts and roles on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let other: number;

  beforeAll(async () => {
    // Each new account signs in a few times: more than the per-address limit a minute.
    backend = await createTestBackend({ env: { LOGIN_RATE_LIMIT_MAX: '1000' } });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    other = await otherOrganisationId(backend.db, OWN);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const call = async <T>(url: string, headers: Headers, payload?: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const saved = async (headers: Headers, url: string, body: object) => {
    const { statusCode, body: answer } = await call<{ id: number }>(url, headers, body);
    expect(statusCode, answer.message).toBe(200);
    return answer.data.id;
  };
  const done = async (headers: Headers, url: string, body: object) => {
    const { statusCode, body: answer } = await call(url, headers, body);
    expect(statusCode, answer.message).toBe(200);
  };
  const refusal = async (headers: Headers, url: string, payload: object) => {
    const { statusCode, body } = await call(url, headers, payload);
    return [statusCode, body.message];
  };
  const login = async (account: string, password: string) =>
    (await backend.app.inject({ method: 'POST', url: SessionPaths.login, payload: { account, password } })).json<{ status: number; message: string; data: { token: string; mustChangePassword?: boolean } | null }>();
  /** Signs in with the given password and chooses `PASSWORD`, as a new account does at its first sign-in. */
  const firstSignIn = async (account: string, given: string): Promise<Headers> => {
    const answer = await login(account, given);
    expect(answer.data?.mustChangePassword).toBe(true);
    const headers = { authorization: `Bearer ${answer.data!.token}` };
    expect((await call(SessionPaths.changePassword, headers, { oldPassword: given, newPassword: PASSWORD })).statusCode).toBe(200);
    return headers;
  };
  const account = async (headers: Headers, keyword: string) =>
    (await call<Page<AccountRow>>(AccountPaths.userList, headers, { current: 1, size: 20, keyword })).body.data.records.find((row) => row.account === keyword)!;
  const userInfo = async (headers: Headers) => (await backend.app.inject({ method: 'GET', url: SessionPaths.userInfo, headers })).json<{ data: UserInfo }>().data;
  const roles = async () => (await call<RoleRow[]>(AccountPaths.roleList, admin)).body.data;

  it('ships the four roles, the administrator with every permission, and tells the signed-in user what theirs grant', async () => {
    const shipped = await roles();
    expect(shipped.filter((role) => role.builtIn).map((role) => role.roleName)).toEqual(['系统管理员', '客户经理', '运营主管', '技术员']);
    expect(shipped.find((role) => role.id === BuiltInRole.admin.id)!.permissions).toHaveLength(Object.values(Permission).length);
    expect((await userInfo(admin)).permissions).toContain(Permission.accountsManage);
    const managerInfo = await userInfo(manager);
    expect(managerInfo.permissions).toContain(Permission.customersManage);
    expect(managerInfo.permissions).not.toContain(Permission.accountsManage);
    expect(await refusal(manager, AccountPaths.userList, { current: 1, size: 10 })).toEqual([403, ApiMessages.permissionDenied(Permission.accountsManage)]);
  });

  it('creates a customer manager bound to a store, who must choose a password at first sign-in and then sees that store alone', async () => {
    const [store] = await backend.db.query<{ id: number; name: string }>('select id, name from customers where kind = 3 and path[1] = $1 order by id limit 1', [OWN]);
    const body: UserSaveBody = { account: 'store.lead', name: ' 王店长 ', phone: '138 0000 1111', roleIds: [BuiltInRole.customerManager.id], customerId: store!.id, password: 'given-pass-1' };
    expect(await refusal(admin, AccountPaths.userSave, { ...body, password: 'short' })).toEqual([400, '密码不能少于8位']);
    expect(await refusal(admin, AccountPaths.userSave, { ...body, account: 'bad account' })).toEqual([400, '账号只能包含字母、数字和 . _ - @']);
    expect(await refusal(admin, AccountPaths.userSave, { ...body, roleIds: [] })).toEqual([400, AccountMessages.rolesRequired]);
    expect(await refusal(admin, AccountPaths.userSave, { ...body, roleIds: [BuiltInRole.admin.id] })).toEqual([400, AccountMessages.adminIsStaff]);
    const id = await saved(admin, AccountPaths.userSave, body);
    expect(await refusal(admin, AccountPaths.userSave, { ...body, account: 'STORE.LEAD' })).toEqual([400, AccountMessages.accountTaken]);

    const row = await account(admin, 'store.lead');
    expect(row).toMatchObject({ id, name: '王店长', phone: '138 0000 1111', customerName: store!.name, roles: [{ roleName: '客户经理' }], state: 'active', lastLoginAt: null });
    const headers = await firstSignIn('store.lead', 'given-pass-1');
    const visible = (await call<Page<{ id: number }>>(CustomerPaths.list, headers, { current: 1, size: 50 })).body.data.records.map((node) => node.id);
    expect(visible).toEqual([store!.id]);
    expect((await account(admin, 'store.lead')).lastLoginAt).not.toBeNull();
  });

  it("lets a manager whose role allows it keep their own organisation's accounts, never beyond it nor mightier than themselves", async () => {
    const role = await saved(admin, AccountPaths.roleSave, { name: '客户管理员', permissions: [Permission.accountsManage, Permission.devicesManage] });
    // A manage permission brings its screen's view along.
    expect((await roles()).find((row) => row.id === role)!.permissions).toEqual(
      [Permission.accountsManage, Permission.devicesManage, Permission.devicesView, Permission.auditLogView].sort(),
    );
    const id = await saved(admin, AccountPaths.userSave, { account: 'org.admin', name: '客户管理员', roleIds: [role], customerId: OWN, password: 'given-pass-2' });
    const orgAdmin = await firstSignIn('org.admin', 'given-pass-2');
    const own = await saved(orgAdmin, AccountPaths.userSave, { account: 'org.deputy', name: '副管理员', roleIds: [role], customerId: OWN, password: 'given-pass-3' });
    const listed = (await call<Page<AccountRow>>(AccountPaths.userList, orgAdmin, { current: 1, size: 100 })).body.data.records;
    expect(listed.every((row) => row.customerId !== null)).toBe(true);
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining([id, own]));
    // The technician's role grants 处理告警 and 服务记录, which this role does not.
    expect(await refusal(orgAdmin, AccountPaths.userSave, { account: 'org.x', name: 'x', roleIds: [BuiltInRole.technician.id], customerId: OWN, password: 'given-pass-4' })).toEqual([
      403,
      AccountMessages.roleBeyondOwn,
    ]);
    expect(await refusal(orgAdmin, AccountPaths.userSave, { account: 'org.y', name: 'y', roleIds: [role], customerId: other, password: 'given-pass-4' })).toEqual([
      403,
      AccountMessages.outsideOwnCustomer,
    ]);
    expect(await refusal(orgAdmin, AccountPaths.userSave, { account: 'org.z', name: 'z', roleIds: [role], customerId: null, password: 'given-pass-4' })).toEqual([
      403,
      AccountMessages.outsideOwnCustomer,
    ]);
    expect(await refusal(orgAdmin, AccountPaths.userDisable, { id: 1 })).toEqual([404, AccountMessages.notFound]);
    expect(await refusal(orgAdmin, AccountPaths.roleSave, { name: '更大的角色', permissions: [Permission.accountsManage] })).toEqual([403, AccountMessages.rolesStaffOnly]);
  });

  it('enforces on the server what a role grants, at the next call after the role changes', async () => {
    const role = await saved(admin, AccountPaths.roleSave, { name: '只看设备', permissions: [Permission.devicesView] });
    await saved(admin, AccountPaths.userSave, { account: 'viewer', name: '观察员', roleIds: [role], customerId: null, password: 'given-pass-5' });
    const viewer = await firstSignIn('viewer', 'given-pass-5');
    expect((await call(DevicePaths.list, viewer, { current: 1, size: 10 })).statusCode).toBe(200);
    expect(await refusal(viewer, CustomerPaths.list, { current: 1, size: 10 })).toEqual([403, ApiMessages.permissionDenied(Permission.customersView)]);
    const version = (await roles()).find((row) => row.id === role)!.version;
    await saved(admin, AccountPaths.roleSave, { id: role, version, name: '只看设备', permissions: [Permission.customersView] });
    expect((await call(CustomerPaths.list, viewer, { current: 1, size: 10 })).statusCode).toBe(200);
    expect(await refusal(viewer, DevicePaths.list, { current: 1, size: 10 })).toEqual([403, ApiMessages.permissionDenied(Permission.devicesView)]);
    // Someone saved the role since this editor loaded it.
    expect(await refusal(admin, AccountPaths.roleSave, { id: role, version, name: '只看设备', permissions: [] })).toEqual([409, ApiMessages.editConflict]);
    expect(await refusal(admin, AccountPaths.roleSave, { id: BuiltInRole.admin.id, name: '系统管理员', permissions: [Permission.serviceView] })).toEqual([
      400,
      AccountMessages.adminRoleFixed,
    ]);
    expect(await refusal(admin, AccountPaths.roleSave, { name: '只看设备', permissions: [] })).toEqual([400, AccountMessages.roleNameTaken]);
  });

  it('disabling or resetting a password ends every session of the account; a disabled one cannot sign in, and comes back when enabled', async () => {
    const id = await saved(admin, AccountPaths.userSave, { account: 'leaver', name: '离职员工', roleIds: [BuiltInRole.operations.id], customerId: null, password: 'given-pass-6' });
    const first = await firstSignIn('leaver', 'given-pass-6');
    const second = { authorization: `Bearer ${(await login('leaver', PASSWORD)).data!.token}` };
    const { version } = await account(admin, 'leaver');
    await done(admin, AccountPaths.userResetPassword, { id, password: 'reset-pass-1' });
    for (const headers of [first, second]) expect((await backend.app.inject({ method: 'GET', url: SessionPaths.userInfo, headers })).statusCode).toBe(401);
    // The reset bumped the version: an editor who loaded it before is refused.
    expect(await refusal(admin, AccountPaths.userDisable, { id, version })).toEqual([409, ApiMessages.editConflict]);

    const again = await firstSignIn('leaver', 'reset-pass-1');
    await done(admin, AccountPaths.userDisable, { id });
    expect((await backend.app.inject({ method: 'GET', url: SessionPaths.userInfo, headers: again })).statusCode).toBe(401);
    expect(await login('leaver', PASSWORD)).toMatchObject({ status: 500, message: AccountMessages.disabled });
    expect(await login('leaver', 'wrong-password')).toMatchObject({ status: 500, message: ApiMessages.badCredentials });
    expect((await account(admin, 'leaver')).state).toBe('disabled');
    await done(admin, AccountPaths.userEnable, { id });
    expect((await login('leaver', PASSWORD)).status).toBe(200);
  });

  it('keeps an administrator: not oneself, not the last one', async () => {
    const [adminRow] = await backend.db.query<{ id: number }>("select id from users where account = 'admin'");
    expect(await refusal(admin, AccountPaths.userDisable, { id: adminRow!.id })).toEqual([400, AccountMessages.notYourself]);
    const ops = await account(admin, 'ops');
    expect(await refusal(admin, AccountPaths.userSave, { id: adminRow!.id, account: 'admin', name: '系统管理员', roleIds: [BuiltInRole.operations.id], customerId: null })).toEqual([
      400,
      AccountMessages.lastAdministrator,
    ]);
    expect(ops.roles.map((role) => role.roleName)).toEqual(['运营主管']);
  });

  it('logs every account and role write in names, the password masked, a manager reading only their organisation’s', async () => {
    const entries = async (headers: Headers, objectType: string) =>
      (await call<Page<AuditEntry>>(AuditLogPaths.list, headers, { current: 1, size: 100, objectType })).body.data.records;
    const lead = await account(admin, 'store.lead');
    await saved(admin, AccountPaths.userSave, { id: lead.id, version: lead.version, account: lead.account, name: lead.name, phone: '138 0000 2222', roleIds: lead.roles.map((role) => role.id), customerId: lead.customerId });
    const users = await entries(admin, 'user');
    expect(users.find((entry) => entry.action === 'update' && entry.changes.phone)?.changes).toEqual({ phone: { before: '138 0000 1111', after: '138 0000 2222' } });
    expect(users.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'disable', 'enable', 'resetPassword']));
    const created = users.find((entry) => entry.action === 'create' && entry.changes.account?.after === 'store.lead')!;
    expect(created.changes).toMatchObject({ name: { after: '王店长' }, roles: { after: '客户经理' }, password: { after: '******' } });
    expect(JSON.stringify(users)).not.toContain('given-pass');
    // A password changes only by its own call (the person's first sign-in), never as part of an edit.
    const withPassword = users.filter((entry) => entry.action === 'update' && entry.changes.password);
    expect(withPassword.length).toBeGreaterThan(0);
    expect(withPassword.every((entry) => Object.keys(entry.changes).join() === 'password')).toBe(true);
    expect((await entries(admin, 'role')).map((entry) => entry.changes.name?.after)).toEqual(expect.arrayContaining(['客户管理员', '只看设备']));
    const orgAdmin = { authorization: `Bearer ${(await login('org.admin', PASSWORD)).data!.token}` };
    const theirs = await entries(orgAdmin, 'user');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((entry) => entry.changes.account?.after !== 'leaver' && entry.changes.account?.before !== 'leaver')).toBe(true);
  });
});
