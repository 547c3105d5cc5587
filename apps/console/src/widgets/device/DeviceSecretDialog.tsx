import { Button, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DEVICE_SIGNATURE_PREFIX, type DeviceSecret } from '@pest/shared';
import './DeviceSecretDialog.css';

/**
 * A device's secret, shown this once (at registration or rotation) with a copy button and the
 * headers its reports carry; closed, nothing shows it again.
 */
export function DeviceSecretDialog({ shown, onClose }: { shown: DeviceSecret | null; onClose(): void }) {
  const { t } = useTranslation(['devices']);
  return (
    <Modal
      visible={shown !== null}
      title={t('devices:secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="device-secret-done">
          {t('devices:secretDone')}
        </Button>
      }
      unmountOnExit
    >
      {shown && (
        <div className="device-secret-shown">
          <p>{t('devices:secretOnce')}</p>
          <Typography.Paragraph copyable code className="device-secret-value" data-testid="device-secret-value">
            {shown.secret}
          </Typography.Paragraph>
          <p>{t('devices:secretHeaders')}</p>
          <pre className="device-secret-headers" data-testid="device-secret-headers">
            {`${shown.headers.deviceNo}: ${shown.deviceNo}\n${shown.headers.signature}: ${DEVICE_SIGNATURE_PREFIX}<HMAC-SHA256>`}
          </pre>
        </div>
      )}
    </Modal>
  );
}
