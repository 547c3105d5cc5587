import i18n from 'i18next';
import { PASSWORD_MIN_LENGTH } from '@pest/shared';

/** Login form checks (console-spec section 5); each returns the message to show, or undefined. */

export function validateAccount(account: string | undefined): string | undefined {
  return (account ?? '').trim() === '' ? i18n.t('login:accountRequired') : undefined;
}

export function validatePassword(password: string | undefined): string | undefined {
  return (password ?? '').length < PASSWORD_MIN_LENGTH ? i18n.t('login:passwordTooShort') : undefined;
}
