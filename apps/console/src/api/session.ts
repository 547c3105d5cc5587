import { SessionEndpoints, type ChangePasswordRequest, type LoginRequest, type UserInfo } from '@pest/shared';
import { call } from './http.ts';

/** Session calls (console-spec section 7, "Session"). */

// The login button shows its own spinner, so the page-wide overlay would only flash over it.
export const login = (body: LoginRequest) => call(SessionEndpoints.login, body, { skipLoading: true });

// A success without a user is still possible from a provider's own backend (console-spec section 8: user info missing).
export const fetchUserInfo = (): Promise<UserInfo | null> => call(SessionEndpoints.userInfo);

// Logging out always succeeds locally; a failed server call must not bother the user.
export const logout = () => call(SessionEndpoints.logout, undefined, { skipLoading: true, silent: true });

// The button shows its own spinner; a refusal (a wrong old password) is toasted with the server's message.
export const changePassword = (body: ChangePasswordRequest) => call(SessionEndpoints.changePassword, body, { skipLoading: true });
