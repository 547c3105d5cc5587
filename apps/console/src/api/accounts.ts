import { queryOptions } from '@tanstack/react-query';
import { AccountEndpoints, type UserListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 系统管理 calls: a page of accounts (the table shows its own spinner) and the roles. */
export const fetchAccounts = (body: UserListBody, signal?: AbortSignal) => call(AccountEndpoints.userList, body, { skipLoading: true, signal });
export const fetchRoles = (signal?: AbortSignal) => call(AccountEndpoints.roleList, undefined, { skipLoading: true, signal });

export const accountKeys = {
  all: ['accounts'] as const,
  page: (body: UserListBody) => [...accountKeys.all, 'page', body] as const,
  /** Under `all`: an account saved or disabled changes the roles' 账号数. */
  roles: () => [...accountKeys.all, 'roles'] as const,
};

export const accountQueries = {
  page: (body: UserListBody) => queryOptions({ queryKey: accountKeys.page(body), queryFn: ({ signal }) => fetchAccounts(body, signal), staleTime: StaleTime.list }),
  roles: () => queryOptions({ queryKey: accountKeys.roles(), queryFn: ({ signal }) => fetchRoles(signal), staleTime: StaleTime.list }),
};
