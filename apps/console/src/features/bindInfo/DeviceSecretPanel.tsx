import { useState } from 'react';
import { Button, Popconfirm } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceEndpoints, type DeviceInfo, type DeviceSecret } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { DeviceSecretDialog } from '../../widgets/device/DeviceSecretDialog.tsx';

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
      <DeviceSecretDialog shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
