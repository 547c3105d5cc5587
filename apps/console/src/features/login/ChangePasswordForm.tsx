import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { NEW_PASSWORD_MIN_LENGTH } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/http.ts';
import { changePassword } from '../../session/session.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  /** Below the submit button (the given-password page's 退出登录). */
  extra?: ReactNode;
  onChanged?: () => void;
}

/** The old password, the new one twice; the server signs the account's other sessions out. */
export function ChangePasswordForm({ extra, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation(['login']);
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ oldPassword, newPassword }: PasswordValues) => {
    setSubmitting(true);
    try {
      await changePassword({ oldPassword, newPassword });
      Message.success(t('login:passwordChanged'));
      onChanged?.();
    } catch (error) {
      reportError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PasswordValues> form={form} layout="vertical" size="large" onSubmit={submit} className="login-form" autoComplete="on">
      <Form.Item field="oldPassword" label={t('login:oldPassword')} rules={[{ required: true, message: t('login:oldPasswordRequired') }]}>
        <Input.Password name="oldPassword" autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        field="newPassword"
        label={t('login:newPassword')}
        rules={[{ required: true, minLength: NEW_PASSWORD_MIN_LENGTH, message: t('login:newPasswordTooShort', { count: NEW_PASSWORD_MIN_LENGTH }) }]}
      >
        <Input.Password name="newPassword" autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        field="confirmPassword"
        label={t('login:confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          {
            validator: (value: string | undefined, callback) =>
              callback(value === form.getFieldValue('newPassword') ? undefined : t('login:passwordsDiffer')),
          },
        ]}
      >
        <Input.Password name="confirmPassword" autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" long loading={submitting} className="login-submit" data-testid="change-password-submit">
        {t('login:changePasswordSubmit')}
      </Button>
      {extra}
    </Form>
  );
}
