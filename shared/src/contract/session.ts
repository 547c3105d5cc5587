import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { PermissionSchema } from './permissions.ts';

/** Session calls (console-spec section 7), full paths as the browser sends them. */
export const SessionPaths = {
  login: '/api/user/mini/user/login',
  userInfo: '/api/user/mini/user/selectById',
  logout: '/api/user/mini/user/logout',
  changePassword: '/api/user/mini/user/changePassword',
} as const;

/**
 * The calls an account that must change its password may still make: who it is, signing out, and
 * the change itself. Every other call answers 403 until it has changed it.
 */
export const MUST_CHANGE_PASSWORD_ALLOWED_PATHS: readonly string[] = [SessionPaths.userInfo, SessionPaths.logout, SessionPaths.changePassword];

/** A new password's least length: a first administrator's random one is longer. */
export const NEW_PASSWORD_MIN_LENGTH = 8;

export const LoginRequest = Type.Object(
  {
    account: Text(64, { minLength: 1 }),
    password: Text(128, { minLength: 6 }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResult = Type.Object({
  token: Type.String(),
  /** The account signs in with a password it was given (a first administrator's): it must change it before anything else. */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type LoginResult = Static<typeof LoginResult>;
export const LoginResponse = Envelope(LoginResult);

export const Role = Type.Object({ id: Type.Integer(), roleName: Type.String(), roleKey: Type.String() });
export type Role = Static<typeof Role>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  /** Display name shown in the navbar. */
  name: Type.String(),
  roleListVoList: Type.Array(Role),
  /** What the account's roles grant: the console's menu entries and buttons follow them, as the server does. */
  permissions: Type.Array(PermissionSchema),
  headPortrait: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  /** The customer organisation this account is scoped to; null for provider staff. */
  customerId: Nullable(Type.Integer()),
  /** Name of that organisation (or of the provider for staff); shown by the wallboard. */
  organisationName: Type.String(),
  /** True until an account given its password (a first administrator's) has chosen its own. */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoResponse = Envelope(UserInfo);

export const LogoutResponse = Envelope(Type.Null());

export const ChangePasswordRequest = Type.Object(
  {
    oldPassword: Text(128, { minLength: 1 }),
    newPassword: Text(128, { minLength: NEW_PASSWORD_MIN_LENGTH }),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;
export const ChangePasswordResponse = Envelope(Type.Null());
