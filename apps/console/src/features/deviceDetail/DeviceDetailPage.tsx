import { Result, Spin } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DeviceActivity } from './DeviceActivity.tsx';
import { deviceIdFromSearch } from '../../widgets/device/deviceId.ts';
import { MissingDevice } from '../../widgets/device/MissingDevice.tsx';
import { DeviceHeader } from './DeviceHeader.tsx';
import { DeviceOpenAlarms } from './DeviceOpenAlarms.tsx';
import { DevicePlacementPanel } from './DevicePlacementPanel.tsx';
import { useDeviceInfo } from '../../widgets/device/useDeviceInfo.ts';
import { useDeviceLive } from './useDeviceLive.ts';
import { DeviceUplinksTable } from '../../widgets/deviceUplinks/DeviceUplinksTable.tsx';
import '../../widgets/device/deviceDetail.css';

/** Device detail (console-spec screen 7, /equipment/equipmentDetail?id=): header, open alarms, placement map, events and trend, raw uplinks. */
export function DeviceDetailPage() {
  const [search] = useSearchParams();
  const id = deviceIdFromSearch(search);
  return (
    <section className="device-detail" data-testid="device-detail-page">
      {id === undefined ? <MissingDevice /> : <DeviceDetail key={id} id={id} />}
    </section>
  );
}

function DeviceDetail({ id }: { id: number }) {
  const { t } = useTranslation(['devices', 'connectivity']);
  const { info } = useDeviceInfo(id);
  const eventsArrivedAt = useDeviceLive(id, info.state === 'ready');

  if (info.state === 'failed') return <Result status="404" subTitle={t('devices:loadFailed')} data-testid="device-load-failed" />;
  // The panels below need only the id: they ask for their data while the header's is on its way,
  // not after it (four calls one behind another took the page 1.6–2.6 s to fill).
  return (
    <>
      <div className="device-detail-panel">
        {info.state === 'loading' ? <Spin className="device-detail-placeholder" /> : <DeviceHeader device={info.device} />}
      </div>
      <div className="device-detail-panel">
        <DeviceOpenAlarms deviceId={id} />
      </div>
      <div className="device-detail-columns">
        <div className="device-detail-panel device-detail-placement">
          <h3 className="device-detail-section">{t('devices:placement')}</h3>
          <DevicePlacementPanel deviceId={id} />
        </div>
        <div className="device-detail-panel device-detail-activity">
          <DeviceActivity deviceId={id} eventsArrivedAt={eventsArrivedAt} />
        </div>
      </div>
      {/* The page has no tabs: 原始数据 is a section of its own, last, as it is for tracing a wrong reading. */}
      <div className="device-detail-panel" data-testid="device-raw-uplinks">
        <h3 className="device-detail-section">{t('connectivity:rawUplinks')}</h3>
        <DeviceUplinksTable deviceId={id} />
      </div>
    </>
  );
}
