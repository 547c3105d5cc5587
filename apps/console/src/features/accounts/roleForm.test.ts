import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, BuiltInRole, PERMISSION_GROUPS, Permission, type RoleRow } from '@pest/shared';
import { PERMISSION_SECTIONS, isAdministratorRole, permissionSummary, roleBody, roleValuesOf, togglePermission } from './roleForm.ts';

const technician: RoleRow = {
  id: BuiltInRole.technician.id,
  version: 2,
  roleKey: 'technician',
  roleName: '技术员',
  permissions: [Permission.devicesView, Permission.alarmsHandle, Permission.serviceView],
  builtIn: true,
  userCount: 3,
};

describe('roleForm', () => {
  it('checks a manage action’s view with it, and unchecks the actions of a view unchecked', () => {
    expect(togglePermission([], Permission.devicesManage, true)).toEqual([Permission.devicesView, Permission.devicesManage]);
    expect(togglePermission([Permission.auditLogView], Permission.accountsManage, true)).toEqual([Permission.auditLogView, Permission.accountsManage]);
    // An action of no screen brings nothing along.
    expect(togglePermission([], Permission.notifyManage, true)).toEqual([Permission.notifyManage]);
    const devices = [Permission.devicesView, Permission.alarmsHandle, Permission.devicesManage, Permission.customersView];
    expect(togglePermission(devices, Permission.devicesView, false)).toEqual([Permission.customersView]);
    expect(togglePermission(devices, Permission.alarmsHandle, false)).toEqual([Permission.devicesView, Permission.devicesManage, Permission.customersView]);
  });

  it('sends an edited role with the version it loaded, its permissions in the editor’s order', () => {
    expect(roleBody(roleValuesOf(technician), technician)).toEqual({
      ok: true,
      body: { id: technician.id, version: 2, name: '技术员', permissions: [Permission.serviceView, Permission.devicesView, Permission.alarmsHandle] },
    });
    expect(roleBody({ name: '  ', permissions: [] })).toEqual({ ok: false, problem: '角色名称不能为空' });
  });

  it('shows the administrator with every permission, whatever its row says', () => {
    const admin = { ...technician, id: BuiltInRole.admin.id, roleName: '系统管理员', permissions: [Permission.serviceView] };
    expect(isAdministratorRole(admin)).toBe(true);
    expect(isAdministratorRole(technician)).toBe(false);
    expect(roleValuesOf(admin).permissions).toEqual(ALL_PERMISSIONS);
  });

  it('lists every permission once in the editor’s sections, and summarises a role in the interface language', () => {
    expect(PERMISSION_SECTIONS.flatMap((section) => section.permissions).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(PERMISSION_SECTIONS.map((section) => section.view)).toEqual(PERMISSION_GROUPS.map((group) => group.view));
    expect(permissionSummary(technician.permissions, 'zh')).toEqual(['服务记录', '设备与告警', '处理告警']);
    expect(permissionSummary(technician.permissions, 'en')).toEqual(['Service records', 'Devices and alarms', 'Handle alarms']);
    expect(permissionSummary(ALL_PERMISSIONS, 'zh')).toBeNull();
  });
});
