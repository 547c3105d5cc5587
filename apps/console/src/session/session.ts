import { useSyncExternalStore } from 'react';
import i18n from 'i18next';
import type { ChangePasswordRequest, LoginRequest, UserInfo } from '@pest/shared';
import * as sessionApi from '../api/session.ts';
import { getToken, removeToken, setToken, subscribeToken } from '../api/token.ts';
import { grantsOf } from './roles.ts';

/**
 * The signed-in session (console-spec section 4): token (in its cookie, see api/token.ts), what
 * the user's roles grant, and user info. Whatever drops the token — logout, an HTTP 401 — also
 * drops grants and info here.
 */
export interface Session {
  token: string | undefined;
  user: UserInfo | null;
  /** Role keys and permissions: what the route table's `roles` and `permission` are checked against. */
  grants: readonly string[];
}

const listeners = new Set<() => void>();
let snapshot: Session = { token: getToken(), user: null, grants: [] };
let loadingUser: Promise<UserInfo> | undefined;

function update(next: Partial<Session>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

subscribeToken(() => {
  const token = getToken();
  update(token ? { token } : { token: undefined, user: null, grants: [] });
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export async function signIn({ account, password }: LoginRequest): Promise<void> {
  const { token } = await sessionApi.login({ account: account.trim(), password });
  setToken(token);
}

/** Loads user info once however many callers ask at the same time. */
export function loadUser(): Promise<UserInfo> {
  loadingUser ??= sessionApi
    .fetchUserInfo()
    .then((user) => {
      if (!user) throw new Error(i18n.t('errors:verificationFailed'));
      update({ user, grants: grantsOf(user) });
      return user;
    })
    .finally(() => {
      loadingUser = undefined;
    });
  return loadingUser;
}

/** Replaces the password the account was given; the user info, asked again, no longer says it must. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await sessionApi.changePassword(body);
  await loadUser();
}

/** Ends the session on the server (best effort) and here; the guard then shows the login page. */
export async function signOut(): Promise<void> {
  try {
    await sessionApi.logout();
  } catch {
    // The local session ends regardless: a dead server session is already what we want.
  } finally {
    removeToken();
  }
}

/** Ends the session here only (e.g. when user info cannot be loaded). */
export function dropSession(): void {
  removeToken();
}
