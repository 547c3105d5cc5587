import { SessionPaths, type LoginRequest, type LoginResult, type UserInfo } from '@pest/shared';
import { http, underApi } from './http.ts';

/** Session calls (console-spec section 7, "Session"). */

// The login button shows its own spinner, so the page-wide overlay would only flash over it.
export const login = (body: LoginRequest) => http.post<LoginResult>(underApi(SessionPaths.login), body, { skipLoading: true });

export const fetchUserInfo = () => http.get<UserInfo | null>(underApi(SessionPaths.userInfo));

// Logging out always succeeds locally; a failed server call must not bother the user.
export const logout = () => http.post<unknown>(underApi(SessionPaths.logout), undefined, { skipLoading: true, silent: true });
