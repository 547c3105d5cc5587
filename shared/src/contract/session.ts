import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/** Session calls (console-spec section 7), full paths as the browser sends them. */
export const SessionPaths = {
  login: '/api/user/mini/user/login',
  userInfo: '/api/user/mini/user/selectById',
  logout: '/api/user/mini/user/logout',
} as const;

export const LoginRequest = Type.Object(
  {
    account: Text(64, { minLength: 1 }),
    password: Text(128, { minLength: 6 }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResult = Type.Object({ token: Type.String() });
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
  headPortrait: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  /** The customer organisation this account is scoped to; null for provider staff. */
  customerId: Nullable(Type.Integer()),
  /** Name of that organisation (or of the provider for staff); shown by the wallboard. */
  organisationName: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoResponse = Envelope(UserInfo);

export const LogoutResponse = Envelope(Type.Null());
