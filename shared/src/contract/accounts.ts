import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, PageNumber, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';
import { PermissionSchema } from './permissions.ts';
import { SessionPaths } from './session.ts';

/**
 * 系统管理 (issue 38): the people who sign in and the roles that say what they may do. Provider
 * staff have no customer; a customer's manager is bound to an organisation (or a group or store of
 * it) and sees only what is below. Accounts are disabled, never deleted: their names stay on what
 * they did.
 */
const SYSTEM = '/api/admin/web/system';
export const AccountPaths = {
  userList: `${SYSTEM}/user/list`,
  /** Without id: a new account (with its password); with id: edit it. */
  userSave: `${SYSTEM}/user/save`,
  userDisable: `${SYSTEM}/user/disable`,
  userEnable: `${SYSTEM}/user/enable`,
  userResetPassword: `${SYSTEM}/user/resetPassword`,
  roleList: `${SYSTEM}/role/list`,
  roleSave: `${SYSTEM}/role/save`,
} as const;

export const AccountLimits = { account: 32, name: 30, phone: 20, roleName: 20, password: 64 } as const;

export const AccountState = { active: 'active', disabled: 'disabled' } as const;
export type AccountState = (typeof AccountState)[keyof typeof AccountState];
const StateSchema = Type.Union(Object.values(AccountState).map((state) => Type.Literal(state)));

export const UserSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    account: Text(200),
    name: Text(200),
    phone: Type.Optional(Nullable(Text(200))),
    roleIds: Type.Array(Id, { maxItems: 20 }),
    /** null: provider staff; else the organisation, group or store whose subtree the account sees. */
    customerId: Nullable(Id),
    /** On creation only; at least NEW_PASSWORD_MIN_LENGTH characters. */
    password: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export type UserSaveBody = Static<typeof UserSaveBody>;

export const UserIdBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type UserIdBody = Static<typeof UserIdBody>;

export const UserResetPasswordBody = Type.Object({ id: Id, password: Text(200) }, { additionalProperties: false });
export type UserResetPasswordBody = Static<typeof UserResetPasswordBody>;

export const UserListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 200 }),
    /** Part of the account, the name or the phone. */
    keyword: Type.Optional(Text(50)),
    roleId: Type.Optional(Id),
    state: Type.Optional(StateSchema),
    /** Accounts bound to this customer or below it. */
    customerId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type UserListBody = Static<typeof UserListBody>;

export const AccountRow = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  customerId: Nullable(Type.Integer()),
  /** The bound customer's name; null for provider staff. */
  customerName: Nullable(Type.String()),
  roles: Type.Array(Type.Object({ id: Type.Integer(), roleName: Type.String() })),
  state: StateSchema,
  createdAt: Type.String(),
  /** The last sign-in, China time; null if never. */
  lastLoginAt: Nullable(Type.String()),
});
export type AccountRow = Static<typeof AccountRow>;

export const UserListResponse = Envelope(Page(AccountRow));
export const AccountSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));
export const AccountDoneResponse = Envelope(Type.Null());

export const RoleSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    name: Text(200),
    permissions: Type.Array(PermissionSchema, { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type RoleSaveBody = Static<typeof RoleSaveBody>;

export const RoleRow = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  roleKey: Type.String(),
  roleName: Type.String(),
  permissions: Type.Array(PermissionSchema),
  /** Shipped with the product: kept, and the administrator's permissions are all of them. */
  builtIn: Type.Boolean(),
  /** Active accounts holding it. */
  userCount: Type.Integer(),
});
export type RoleRow = Static<typeof RoleRow>;
export const RoleListResponse = Envelope(Type.Array(RoleRow));

export const AccountMessages = {
  notFound: '账号不存在',
  accountTaken: '账号已存在',
  roleNotFound: '角色不存在',
  roleNameTaken: '角色名称已存在',
  rolesRequired: '请至少选择一个角色',
  customerNotFound: '所属客户不存在',
  passwordRequired: '请设置初始密码',
  passwordOnCreateOnly: '修改密码请使用重置密码',
  adminIsStaff: '系统管理员只能是服务商人员',
  adminRoleFixed: '系统管理员的权限不能修改',
  notYourself: '不能停用自己的账号',
  lastAdministrator: '至少保留一个启用的系统管理员',
  outsideOwnCustomer: '只能管理本组织下的账号',
  roleBeyondOwn: '不能授予自己没有的权限',
  rolesStaffOnly: '仅服务商人员可以修改角色',
  disabled: '账号已停用，请联系管理员',
} as const;

/**
 * Calls that end sessions other than the caller's (an account disabled, a password reset or
 * changed): after one succeeds the gateway asks again about every token it holds sockets for, so
 * those sockets close within a second.
 */
export const SESSION_ENDING_PATHS: readonly string[] = [AccountPaths.userDisable, AccountPaths.userResetPassword, SessionPaths.changePassword];
