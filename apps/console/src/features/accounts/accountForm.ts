import { userProblem, type AccountRow, type UserSaveBody } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** The account dialog's fields as it holds them. */
export interface AccountValues {
  account: string;
  name: string;
  phone: string;
  roleIds: number[];
  /** null: provider staff. */
  customerId: number | null;
  /** What the customer picker shows for the chosen customer before its options load. */
  customerLabel: string;
  /** The initial password; a new account only. */
  password: string;
}

export const newAccountValues = (): AccountValues => ({ account: '', name: '', phone: '', roleIds: [], customerId: null, customerLabel: '', password: '' });

export function accountValuesOf(row: AccountRow): AccountValues {
  return {
    account: row.account,
    name: row.name,
    phone: row.phone ?? '',
    roleIds: row.roles.map((role) => role.id),
    customerId: row.customerId,
    customerLabel: row.customerName ?? '',
    password: '',
  };
}

/**
 * The save body of the form, or the first problem, by the server's own rule (userProblem). An
 * edit carries the version it loaded, so a change made meanwhile by someone else is refused (409)
 * rather than overwritten; it never carries a password (重置密码 does that).
 */
export function accountBody(values: AccountValues, editing?: AccountRow): { ok: true; body: UserSaveBody } | { ok: false; problem: string } {
  const body: UserSaveBody = {
    ...editedIdentity(editing),
    account: values.account.trim(),
    name: values.name.trim(),
    phone: values.phone.trim() || null,
    roleIds: values.roleIds,
    customerId: values.customerId,
    ...(editing ? {} : { password: values.password }),
  };
  const problem = userProblem(body);
  return problem ? { ok: false, problem } : { ok: true, body };
}

/** No 0/O, 1/l/I: the admin reads the password out or writes it down for the person. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_LENGTH = 12;

/**
 * A random password to hand a new account (or a reset one), from the browser's cryptographic
 * source. Bytes at or above the alphabet's last whole multiple are drawn again, so every
 * character is equally likely.
 */
export function generatePassword(randomBytes: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count))): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let password = '';
  while (password.length < GENERATED_PASSWORD_LENGTH) {
    for (const byte of randomBytes(GENERATED_PASSWORD_LENGTH)) {
      if (byte < limit && password.length < GENERATED_PASSWORD_LENGTH) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    }
  }
  return password;
}
