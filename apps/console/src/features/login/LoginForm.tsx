import { useState, type KeyboardEvent } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { IconEye, IconEyeInvisible, IconLock, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/http.ts';
import { signIn } from '../../session/session.ts';
import { validateAccount, validatePassword } from './loginRules.ts';

interface LoginValues {
  account: string;
  password: string;
}

/**
 * Account and password (console-spec screen 13). Enter submits (it is a real form). On success the
 * token is stored, earlier failures' toasts close and the route guard takes the user to
 * `?redirect=` or home; a failure was already toasted by the http client with the server's message.
 */
export function LoginForm() {
  const { t } = useTranslation(['login']);
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  const watchCapsLock = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await signIn(values);
      // The toasts of failed attempts (a wrong password, a wait) are about a login that is over now.
      Message.clear();
    } catch (error) {
      reportError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      size="large"
      onSubmit={submit}
      className="login-form"
      data-testid="login-form"
      autoComplete="on"
    >
      <Form.Item
        field="account"
        label={t('login:account')}
        validateTrigger="onBlur"
        rules={[{ validator: (value: string | undefined, callback) => callback(validateAccount(value)) }]}
      >
        <Input
          name="account"
          autoComplete="username"
          prefix={<IconUser />}
          placeholder={t('login:accountPlaceholder')}
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item
        field="password"
        label={t('login:password')}
        validateTrigger="onBlur"
        rules={[{ validator: (value: string | undefined, callback) => callback(validatePassword(value)) }]}
        extra={
          capsLock ? (
            <span className="login-caps-lock" data-testid="caps-lock-hint" role="status">
              {t('login:capsLockOn')}
            </span>
          ) : null
        }
      >
        <Input
          name="password"
          type={passwordShown ? 'text' : 'password'}
          autoComplete="current-password"
          prefix={<IconLock />}
          placeholder={t('login:passwordPlaceholder')}
          onKeyDown={watchCapsLock}
          onKeyUp={watchCapsLock}
          onBlur={() => setCapsLock(false)}
          data-testid="login-password"
          suffix={
            <button
              type="button"
              className="login-password-toggle"
              onClick={() => setPasswordShown((shown) => !shown)}
              aria-label={passwordShown ? t('login:hidePassword') : t('login:showPassword')}
              aria-pressed={passwordShown}
              data-testid="password-toggle"
            >
              {passwordShown ? <IconEye /> : <IconEyeInvisible />}
            </button>
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" long loading={submitting} className="login-submit" data-testid="login-submit">
        {t('login:submit')}
      </Button>
    </Form>
  );
}
