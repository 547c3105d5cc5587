import { Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** 修改密码 from the avatar menu: any account changes its own, and stays signed in here. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['login']);
  return (
    <Modal visible title={t('login:changePasswordTitle')} footer={null} onCancel={onClose} unmountOnExit data-testid="change-password-dialog">
      <ChangePasswordForm onChanged={onClose} />
    </Modal>
  );
}
