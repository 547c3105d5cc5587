import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../session/session.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { SignInCard } from './SignInCard.tsx';

/**
 * An account given its password (the first administrator of an empty start) chooses its own before
 * anything else: the server refuses every other call until then, so no screen is shown behind this.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['login']);
  return (
    <SignInCard title={t('login:changePasswordTitle')} subtitle={t('login:changePasswordSubtitle')} testId="change-password-page">
      <ChangePasswordForm
        extra={
          <Button type="text" long onClick={() => void signOut()} data-testid="change-password-sign-out">
            {t('login:signOut')}
          </Button>
        }
      />
    </SignInCard>
  );
}
