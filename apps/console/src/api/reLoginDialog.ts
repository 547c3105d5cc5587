import { Modal } from '@arco-design/web-react';
import i18n from 'i18next';

/**
 * The confirm box for envelope codes 50008/50012/50014 (console-spec section 8). Its own module so
 * the dialog code loads only when a session is actually rejected, not with the login page.
 */
export function confirmReLogin(onReLogin: () => void, onClose: () => void): void {
  Modal.confirm({
    title: i18n.t('errors:reLoginTitle'),
    content: i18n.t('errors:reLoginBody'),
    okText: i18n.t('errors:reLoginOk'),
    cancelText: i18n.t('errors:reLoginCancel'),
    onOk: onReLogin,
    afterClose: onClose,
  });
}
