import { useState } from 'react';
import { Checkbox, Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { AccountEndpoints, AccountLimits, PERMISSION_LABELS, TOAST_DURATION_MS, type RoleRow } from '@pest/shared';
import { accountKeys } from '../../api/accounts.ts';
import { interfaceLanguage } from '../../api/language.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { PERMISSION_SECTIONS, isAdministratorRole, newRoleValues, roleBody, roleValuesOf, togglePermission, type RoleValues } from './roleForm.ts';

interface RoleDialogProps {
  /** The role to edit; none for a new one. */
  editing?: RoleRow;
  onClose(): void;
}

/**
 * A role's name and permissions, a checkbox each, grouped by the screen they belong to. The
 * administrator's are all of them and cannot be changed: shown checked and disabled.
 */
export function RoleDialog({ editing, onClose }: RoleDialogProps) {
  const { t } = useTranslation(['accounts']);
  const language = interfaceLanguage();
  const fixed = isAdministratorRole(editing);
  const [values, setValues] = useState<RoleValues>(() => (editing ? roleValuesOf(editing) : newRoleValues()));
  // Accounts show their roles' names; the roles' 账号数 and names appear on both screens.
  const saving = useEndpointMutation(AccountEndpoints.roleSave, { success: () => t('accounts:saved'), invalidates: () => [accountKeys.all] });

  const save = () => {
    const check = roleBody(values, editing);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal title={editing ? t('accounts:editRoleTitle') : t('accounts:addRoleTitle')} width={600} saving={saving.isPending} onCancel={onClose} onSave={save} testId="role">
      <Form.Item label={t('accounts:roleName')} required>
        <Input value={values.name} maxLength={AccountLimits.roleName} showWordLimit onChange={(name) => setValues((current) => ({ ...current, name }))} aria-label={t('accounts:roleName')} data-testid="role-name-input" />
      </Form.Item>
      <Form.Item label={t('accounts:permissions')} extra={fixed ? t('accounts:adminPermissionsFixed') : t('accounts:viewFollows')}>
        <div data-testid="role-permissions-input">
          {PERMISSION_SECTIONS.map((section) => (
            <div className="accounts-permission-section" key={section.permissions.join()}>
              <span className="accounts-permission-heading">{section.view ? PERMISSION_LABELS[section.view][language] : t('accounts:otherPermissions')}</span>
              <div className="accounts-permission-boxes">
                {section.permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    checked={values.permissions.includes(permission)}
                    disabled={fixed}
                    onChange={(checked: boolean) => setValues((current) => ({ ...current, permissions: togglePermission(current.permissions, permission, checked) }))}
                    data-testid={`role-permission-${permission}`}
                  >
                    {PERMISSION_LABELS[permission][language]}
                  </Checkbox>
                ))}
              </div>
            </div>
          ))}
        </div>
      </Form.Item>
    </FormModal>
  );
}
