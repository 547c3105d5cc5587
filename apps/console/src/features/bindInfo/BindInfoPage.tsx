import { Result, Spin } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DeviceKind, Permission } from '@pest/shared';
import { deviceIdFromSearch } from '../../widgets/device/deviceId.ts';
import { MissingDevice } from '../../widgets/device/MissingDevice.tsx';
import { useDeviceInfo } from '../../widgets/device/useDeviceInfo.ts';
import { DeviceLink } from '../../widgets/device/DeviceLink.tsx';
import { BindingCard } from './BindingCard.tsx';
import { DeviceBindingPanel } from './DeviceBindingPanel.tsx';
import { DeviceConnectivityPanel } from './DeviceConnectivityPanel.tsx';
import { DeviceEditForm } from './DeviceEditForm.tsx';
import { DeviceSecretPanel } from './DeviceSecretPanel.tsx';
import { useCan } from '../../session/useCan.ts';
import '../../widgets/device/deviceDetail.css';
import './bindInfo.css';

/** A device's binding and its edit form (/equipment/bindInfo?id=). */
export function BindInfoPage() {
  const [search] = useSearchParams();
  const id = deviceIdFromSearch(search);
  return (
    <section className="device-detail" data-testid="bind-info-page">
      {id === undefined ? <MissingDevice /> : <BindInfo key={id} id={id} />}
    </section>
  );
}

function BindInfo({ id }: { id: number }) {
  const { t } = useTranslation(['devices']);
  const { info, replace } = useDeviceInfo(id);
  const can = useCan();

  if (info.state === 'loading') return <Spin className="device-detail-placeholder" />;
  if (info.state === 'failed') return <Result status="404" subTitle={t('devices:loadFailed')} data-testid="device-load-failed" />;
  const { device } = info;
  return (
    <div className="bind-info-columns">
      <div className="device-detail-panel">
        <div className="device-detail-heading">
          <h2 className="device-detail-title">{device.deviceName}</h2>
          <span className="bind-info-code">{device.deviceCode}</span>
          <DeviceLink to="detail" deviceId={device.id} className="device-detail-bind" testId="device-detail-link">
            {t('devices:detail')}
          </DeviceLink>
        </div>
        <h3 className="device-detail-section">{t('devices:binding')}</h3>
        <BindingCard device={device} />
        {can(Permission.devicesManage) && (
          <>
            <h3 className="device-detail-section">{t('devices:bindingActions')}</h3>
            <DeviceBindingPanel device={device} />
          </>
        )}
      </div>
      {/* Editing, like binding, is for roles that may manage devices: the server refuses the others. */}
      {can(Permission.devicesManage) && (
        <div className="device-detail-panel">
          <h3 className="device-detail-section">{t('devices:edit')}</h3>
          <DeviceEditForm device={device} onSaved={replace} />
          <h3 className="device-detail-section">{t('devices:credentials')}</h3>
          <DeviceSecretPanel device={device} />
          {/* A gateway is no LoRaWAN end device: no DevEUI for a network server, no codec. */}
          {device.deviceType !== DeviceKind.loraGateway && !device.retired && (
            <>
              <h3 className="device-detail-section">{t('devices:connectivity')}</h3>
              <DeviceConnectivityPanel device={device} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
