import { useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { AccountEndpoints, AccountLimits, TOAST_DURATION_MS, newPasswordProblem, type AccountRow } from '@pest/shared';
import { accountKeys } from '../../api/accounts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { generatePassword } from './accountForm.ts';

interface ResetPasswordDialogProps {
  account: AccountRow;
  onClose(): void;
}

/** 重置密码: a new password for someone who lost theirs; their sessions end, and they must change it at the next sign-in. */
export function ResetPasswordDialog({ account, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation(['accounts']);
  const [password, setPassword] = useState('');
  // The reset moves the account's version on: the row is read again before anyone edits it.
  const resetting = useEndpointMutation(AccountEndpoints.userResetPassword, { success: () => t('accounts:resetDone'), invalidates: () => [accountKeys.all] });

  const save = () => {
    const problem = newPasswordProblem(password);
    if (problem) {
      Message.error({ content: problem, duration: TOAST_DURATION_MS });
      return;
    }
    resetting.mutate({ id: account.id, password }, { onSuccess: onClose });
  };

  return (
    <FormModal title={t('accounts:resetTitle', { account: account.account })} saving={resetting.isPending} onCancel={onClose} onSave={save} testId="account-reset">
      <Form.Item label={t('accounts:newPassword')} required extra={t('accounts:resetHint')}>
        <div className="accounts-password">
          <Input
            value={password}
            maxLength={AccountLimits.password}
            onChange={setPassword}
            autoComplete="new-password"
            aria-label={t('accounts:newPassword')}
            data-testid="account-reset-password-input"
          />
          <Button onClick={() => setPassword(generatePassword())} data-testid="account-reset-generate">
            {t('accounts:generate')}
          </Button>
        </div>
      </Form.Item>
    </FormModal>
  );
}
