import { Tag } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '@pest/shared';
import { STATUS_TAG_COLOR, batteryLook } from './deviceLook.ts';
import './DeviceBadges.css';

/** Offline, online or fault as a coloured tag. */
export function DeviceStatusTag({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation(['devices']);
  return (
    <Tag color={STATUS_TAG_COLOR[status]} bordered data-testid="device-status" data-status={status}>
      {t(`devices:status.${status}`)}
    </Tag>
  );
}

/** A battery drawn to its charge, coloured by level, with the percent beside it. */
export function BatteryIndicator({ percent }: { percent: number | null }) {
  // A device that has not reported yet has no reading.
  if (percent === null) return <span className="device-battery" data-testid="device-battery">—</span>;
  const { level, color, fill } = batteryLook(percent);
  return (
    <span className="device-battery" data-testid="device-battery" data-level={level}>
      <span className="device-battery-body" aria-hidden>
        <span className="device-battery-charge" style={{ width: `${fill}%`, background: color }} />
      </span>
      <span className="device-battery-percent">{percent}%</span>
    </span>
  );
}

/** Shown only when the device has an alarm nobody has handled yet. */
export function UnhandledAlarmMarker({ unhandled }: { unhandled: boolean }) {
  const { t } = useTranslation(['devices']);
  if (!unhandled) return <span className="device-no-alarm">—</span>;
  return (
    <span className="device-alarm" data-testid="device-unhandled-alarm">
      <IconExclamationCircleFill />
      {t('devices:unhandledAlarm')}
    </span>
  );
}
