import { useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { NEW_PASSWORD_MIN_LENGTH } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/http.ts';
import { changePassword, signOut } from '../../session/session.ts';
import { SignInCard } from './SignInCard.tsx';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * An account given its password (the first administrator of an empty start) chooses its own before
 * anything else: the server refuses every other call until then, so no screen is shown behind this.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['login']);
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ oldPassword, newPassword }: PasswordValues) => {
    setSubmitting(true);
    try {
      await changePassword({ oldPassword, newPassword });
      Message.success(t('login:passwordChanged'));
    } catch (error) {
      reportError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SignInCard title={t('login:changePasswordTitle')} subtitle={t('login:changePasswordSubtitle')} testId="change-password-page">
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
        <Button type="text" long onClick={() => void signOut()} data-testid="change-password-sign-out">
          {t('login:signOut')}
        </Button>
      </Form>
    </SignInCard>
  );
}
