import { AccountLimits, AccountMessages, type RoleSaveBody, type UserSaveBody } from '../contract/accounts.ts';
import { NEW_PASSWORD_MIN_LENGTH } from '../contract/session.ts';

/** Letters, digits and . _ - @ (a phone number or an e-mail address serves as an account). */
const ACCOUNT = /^[A-Za-z0-9._@-]+$/;
const PHONE = /^\+?[\d\s-]{5,}$/;

const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

/** A new password's problem, or null: long enough, not only spaces. */
export function newPasswordProblem(password: string): string | null {
  if (password.trim() === '') return '密码不能为空';
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return `密码不能少于${NEW_PASSWORD_MIN_LENGTH}位`;
  if (password.length > AccountLimits.password) return tooLong('密码', AccountLimits.password);
  return null;
}

/**
 * The first problem of an account's fields (trimmed, in the form's order), or null: the console's
 * form and the server say the same. What only the database knows (the account is taken, a role
 * exists, the customer is in the editor's scope) the server adds.
 */
export function userProblem(body: Pick<UserSaveBody, 'id' | 'account' | 'name' | 'phone' | 'roleIds' | 'password'>): string | null {
  const account = body.account.trim();
  const name = body.name.trim();
  const phone = (body.phone ?? '').trim();
  if (account === '') return '账号不能为空';
  if (account.length > AccountLimits.account) return tooLong('账号', AccountLimits.account);
  if (!ACCOUNT.test(account)) return '账号只能包含字母、数字和 . _ - @';
  if (name === '') return '姓名不能为空';
  if (name.length > AccountLimits.name) return tooLong('姓名', AccountLimits.name);
  if (phone.length > AccountLimits.phone) return tooLong('手机号', AccountLimits.phone);
  if (phone !== '' && !PHONE.test(phone)) return '手机号格式不正确';
  if (body.roleIds.length === 0) return AccountMessages.rolesRequired;
  if (body.id === undefined) return body.password === undefined || body.password === '' ? AccountMessages.passwordRequired : newPasswordProblem(body.password);
  if (body.password !== undefined && body.password !== '') return AccountMessages.passwordOnCreateOnly;
  return null;
}

/** The first problem of a role's fields, or null. */
export function roleProblem(body: Pick<RoleSaveBody, 'name' | 'permissions'>): string | null {
  const name = body.name.trim();
  if (name === '') return '角色名称不能为空';
  if (name.length > AccountLimits.roleName) return tooLong('角色名称', AccountLimits.roleName);
  return null;
}
