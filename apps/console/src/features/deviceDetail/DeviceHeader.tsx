import { Descriptions } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@pest/shared';
import { BatteryIndicator, DeviceStatusTag, UnhandledAlarmMarker } from '../../widgets/device/DeviceBadges.tsx';
import { DeviceLink } from '../../widgets/device/DeviceLink.tsx';

const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : value);

/** The device's main fields and its state, above the map. */
export function DeviceHeader({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation(['devices']);
  const data = [
    { label: t('devices:deviceCode'), value: device.deviceCode },
    { label: t('devices:deviceNo'), value: device.deviceNo },
    { label: t('devices:deviceType'), value: t(`devices:kind.${device.deviceType}`) },
    { label: t('devices:statusTitle'), value: <DeviceStatusTag status={device.status} /> },
    { label: t('devices:battery'), value: <BatteryIndicator percent={device.remainingPower} /> },
    { label: t('devices:alarm'), value: <UnhandledAlarmMarker unhandled={device.hasUnHandleAlarm} /> },
    { label: t('devices:store'), value: device.customerName },
    { label: t('devices:area'), value: orDash(device.areaName) },
    { label: t('devices:lastCommunication'), value: device.lastCommunicationDate },
    { label: t('devices:temperature'), value: device.temperature === null ? '—' : `${device.temperature} ℃` },
    { label: t('devices:signal'), value: device.signal === null ? '—' : `${device.signal} dBm` },
    { label: t('devices:imei'), value: orDash(device.imei) },
    { label: t('devices:supplier'), value: device.supplierName },
    { label: t('devices:technicalSupport'), value: orDash(device.technicalSupport) },
    { label: t('devices:remark'), value: orDash(device.remark) },
  ];
  return (
    <div className="device-detail-header" data-testid="device-header">
      <div className="device-detail-heading">
        <h2 className="device-detail-title" data-testid="device-title">
          {device.deviceName}
        </h2>
        <DeviceStatusTag status={device.status} />
        <DeviceLink to="bindInfo" deviceId={device.id} className="device-detail-bind" testId="device-bind-link">
          {t('devices:bindInfo')}
        </DeviceLink>
      </div>
      <Descriptions column={{ xs: 1, sm: 2, md: 3, lg: 4, xl: 5, xxl: 5 }} data={data} layout="inline-vertical" />
    </div>
  );
}
