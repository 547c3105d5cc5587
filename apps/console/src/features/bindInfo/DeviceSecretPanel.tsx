import { useState } from 'react';
import { Button, Modal, Popconfirm, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DEVICE_SIGNATURE_PREFIX, DeviceEndpoints, type DeviceInfo, type DeviceSecret } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';

/**
 * 设备密钥: provider staff give the device a new secret. It is shown in a dialog this once, with how
 * a report carries the signature made with it; nothing shows it again.
 */
export function DeviceSecretPanel({ device }: { device: Pick<DeviceInfo, 'id'> }) {
  const { t } = useTranslation(['devices']);
  const [shown, setShown] = useState<DeviceSecret | null>(null);
  const rotation = useEndpointMutation(DeviceEndpoints.rotateSecret);
  const rotate = () => rotation.mutate({ id: device.id }, { onSuccess: setShown });

  return (
    <div className="bind-info-secret" data-testid="device-secret-panel">
      <p className="bind-info-secret-note">{t('devices:secretNote')}</p>
      <Popconfirm title={t('devices:rotateConfirm')} onOk={rotate}>
        <Button loading={rotation.isPending} data-testid="device-secret-rotate">
          {t('devices:rotateSecret')}
        </Button>
      </Popconfirm>
      <Modal
        visible={shown !== null}
        title={t('devices:secretTitle')}
        onCancel={() => setShown(null)}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setShown(null)} data-testid="device-secret-done">
            {t('devices:secretDone')}
          </Button>
        }
        unmountOnExit
      >
        {shown && (
          <div className="bind-info-secret-shown">
            <p>{t('devices:secretOnce')}</p>
            <Typography.Paragraph copyable code className="bind-info-secret-value" data-testid="device-secret-value">
              {shown.secret}
            </Typography.Paragraph>
            <p>{t('devices:secretHeaders')}</p>
            <pre className="bind-info-secret-headers" data-testid="device-secret-headers">
              {`${shown.headers.deviceNo}: ${shown.deviceNo}\n${shown.headers.signature}: ${DEVICE_SIGNATURE_PREFIX}<HMAC-SHA256>`}
            </pre>
          </div>
        )}
      </Modal>
    </div>
  );
}
