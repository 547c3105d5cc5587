import { defineEndpoint } from '../api/endpoint.ts';
import {
  AccountDoneResponse,
  AccountPaths,
  AccountSaveResponse,
  RoleListResponse,
  RoleSaveBody,
  UserIdBody,
  UserListBody,
  UserListResponse,
  UserResetPasswordBody,
  UserSaveBody,
} from '../contract/accounts.ts';
import { Permission } from '../contract/permissions.ts';

const tags = ['system'];
const permission = Permission.accountsManage;
const scoped =
  "Provider staff manage every account; a customer's manager (whose role grants account management) only those bound within their own customer, with no permission beyond their own. With version, a change over someone else's is refused (409).";
const endsSessions = "The account's sessions and live connections end at once.";

/** 系统管理: accounts and roles. */
export const AccountEndpoints = {
  userList: defineEndpoint({
    method: 'POST',
    path: AccountPaths.userList,
    input: UserListBody,
    response: UserListResponse,
    permission,
    tags,
    summary: 'Accounts, paged, by account; filtered by keyword (account, name, phone), role, state and customer',
    description: scoped,
  }),
  userSave: defineEndpoint({
    method: 'POST',
    path: AccountPaths.userSave,
    input: UserSaveBody,
    response: AccountSaveResponse,
    refusals: [403, 404, 409],
    permission,
    tags,
    summary: 'Create an account (with its first password, at least 8 characters) or edit one (account, name, phone, roles, customer)',
    description: `Accounts are unique whatever their case (账号已存在). ${scoped}`,
  }),
  userDisable: defineEndpoint({
    method: 'POST',
    path: AccountPaths.userDisable,
    input: UserIdBody,
    response: AccountDoneResponse,
    refusals: [403, 404, 409],
    permission,
    tags,
    summary: 'Disable an account: it can no longer sign in, and keeps its name on what it did',
    description: `Not one's own, nor the last active administrator. ${endsSessions} ${scoped}`,
  }),
  userEnable: defineEndpoint({
    method: 'POST',
    path: AccountPaths.userEnable,
    input: UserIdBody,
    response: AccountDoneResponse,
    refusals: [403, 404, 409],
    permission,
    tags,
    summary: 'Enable a disabled account again',
    description: scoped,
  }),
  userResetPassword: defineEndpoint({
    method: 'POST',
    path: AccountPaths.userResetPassword,
    input: UserResetPasswordBody,
    response: AccountDoneResponse,
    refusals: [403, 404],
    permission,
    tags,
    summary: 'Give an account a new password (at least 8 characters), which it must change at its next sign-in',
    description: `${endsSessions} ${scoped}`,
  }),
  roleList: defineEndpoint({
    method: 'POST',
    path: AccountPaths.roleList,
    response: RoleListResponse,
    permission,
    tags,
    summary: 'The roles with their permissions and how many active accounts hold each',
  }),
  roleSave: defineEndpoint({
    method: 'POST',
    path: AccountPaths.roleSave,
    input: RoleSaveBody,
    response: AccountSaveResponse,
    refusals: [403, 404, 409],
    permission,
    tags,
    summary: "Create a role or change one's name and permissions; the administrator's permissions stay all of them",
    description: 'Provider staff only. A manage permission brings the view of its screen with it. The holders see the change at their next call.',
  }),
};
