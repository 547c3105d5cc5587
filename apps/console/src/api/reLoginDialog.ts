import { Modal } from '@arco-design/web-react';
import { Messages } from '@pest/shared';

/**
 * The confirm box for envelope codes 50008/50012/50014 (console-spec section 8). Its own module so
 * the dialog code loads only when a session is actually rejected, not with the login page.
 */
export function confirmReLogin(onReLogin: () => void, onClose: () => void): void {
  Modal.confirm({
    title: Messages.reLoginTitle,
    content: Messages.reLoginBody,
    okText: Messages.reLoginOk,
    cancelText: Messages.reLoginCancel,
    onOk: onReLogin,
    afterClose: onClose,
  });
}
