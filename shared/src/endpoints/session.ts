import { defineEndpoint } from '../api/endpoint.ts';
import { ChangePasswordRequest, ChangePasswordResponse, LoginRequest, LoginResponse, LogoutResponse, SessionPaths, UserInfoResponse } from '../contract/session.ts';

const tags = ['session'];

/** Login, the signed-in user, logout (console-spec section 7, Session), changing one's password. */
export const SessionEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: SessionPaths.login,
    input: LoginRequest,
    // Wrong credentials are a 200 answer with envelope status 500, as the console expects.
    response: LoginResponse,
    refusals: [429],
    access: 'public',
    tags,
    summary: 'Sign in with account and password',
  }),
  userInfo: defineEndpoint({
    method: 'GET',
    path: SessionPaths.userInfo,
    response: UserInfoResponse,
    access: 'display',
    tags,
    summary: 'The signed-in user',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: SessionPaths.logout,
    response: LogoutResponse,
    tags,
    summary: 'End the current session',
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: SessionPaths.changePassword,
    input: ChangePasswordRequest,
    response: ChangePasswordResponse,
    refusals: [403, 429],
    tags,
    summary: "Change the signed-in account's password (a given one must be, before anything else)",
  }),
};
