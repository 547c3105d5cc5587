import { useState } from 'react';
import { Button, Form, Input, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { AccountEndpoints, AccountLimits, BuiltInRole, TOAST_DURATION_MS, type AccountRow, type RoleRow } from '@pest/shared';
import { accountKeys } from '../../api/accounts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { accountBody, accountValuesOf, generatePassword, newAccountValues, type AccountValues } from './accountForm.ts';
import { ACCOUNT_CUSTOMER_KINDS } from './accountQuery.ts';

interface AccountDialogProps {
  /** The account to edit; none for a new one. */
  editing?: AccountRow;
  roles: readonly RoleRow[];
  onClose(): void;
}

/**
 * Add or edit an account: who it is, what its roles let it do, whose data it sees (no customer:
 * provider staff), and, new, the password it is given and must change at its first sign-in.
 */
export function AccountDialog({ editing, roles, onClose }: AccountDialogProps) {
  const { t } = useTranslation(['accounts']);
  const [values, setValues] = useState<AccountValues>(() => (editing ? accountValuesOf(editing) : newAccountValues()));
  const saving = useEndpointMutation(AccountEndpoints.userSave, { success: () => t('accounts:saved'), invalidates: () => [accountKeys.all] });
  const set = (patch: Partial<AccountValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = () => {
    const check = accountBody(values, editing);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal title={editing ? t('accounts:editTitle') : t('accounts:addTitle')} width={560} saving={saving.isPending} onCancel={onClose} onSave={save} testId="account">
      <Form.Item label={t('accounts:account')} required>
        <Input value={values.account} maxLength={AccountLimits.account} onChange={(account) => set({ account })} autoComplete="off" aria-label={t('accounts:account')} data-testid="account-account-input" />
      </Form.Item>
      <Form.Item label={t('accounts:name')} required>
        <Input value={values.name} maxLength={AccountLimits.name} onChange={(name) => set({ name })} aria-label={t('accounts:name')} data-testid="account-name-input" />
      </Form.Item>
      <Form.Item label={t('accounts:phone')}>
        <Input value={values.phone} maxLength={AccountLimits.phone} onChange={(phone) => set({ phone })} aria-label={t('accounts:phone')} data-testid="account-phone-input" />
      </Form.Item>
      <Form.Item label={t('accounts:roles')} required>
        <Select
          mode="multiple"
          placeholder={t('accounts:chooseRoles')}
          aria-label={t('accounts:roles')}
          value={values.roleIds}
          onChange={(roleIds: number[]) => set({ roleIds })}
          // The administrator is provider staff only (the server refuses it with a customer).
          options={roles.map((role) => ({ value: role.id, label: role.roleName, disabled: role.id === BuiltInRole.admin.id && values.customerId !== null }))}
          data-testid="account-roles-input"
        />
      </Form.Item>
      <Form.Item label={t('accounts:customer')} extra={t('accounts:customerHint')}>
        <CustomerSelect
          kinds={ACCOUNT_CUSTOMER_KINDS}
          value={values.customerId}
          label={values.customerLabel}
          onChange={(customerId, customerLabel) => set({ customerId, customerLabel })}
          onClear={() => set({ customerId: null, customerLabel: '' })}
          placeholder={t('accounts:searchCustomer')}
          testId="account-customer-input"
        />
      </Form.Item>
      {!editing && (
        <Form.Item label={t('accounts:initialPassword')} required extra={t('accounts:initialPasswordHint')}>
          <div className="accounts-password">
            {/* Plain text, not masked: the admin reads it out or copies it for the person. */}
            <Input
              value={values.password}
              maxLength={AccountLimits.password}
              onChange={(password) => set({ password })}
              autoComplete="new-password"
              aria-label={t('accounts:initialPassword')}
              data-testid="account-password-input"
            />
            <Button onClick={() => set({ password: generatePassword() })} data-testid="account-password-generate">
              {t('accounts:generate')}
            </Button>
          </div>
        </Form.Item>
      )}
    </FormModal>
  );
}
