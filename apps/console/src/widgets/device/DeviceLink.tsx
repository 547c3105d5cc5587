import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './DeviceLink.css';

export const DEVICE_DETAIL_PATH = '/equipment/equipmentDetail';
export const BIND_INFO_PATH = '/equipment/bindInfo';

interface DeviceLinkProps {
  to: 'detail' | 'bindInfo';
  deviceId: number;
  className?: string;
  testId: string;
  children: ReactNode;
}

/** A link to one device's detail or bind-info page, styled as the console's text links. */
export function DeviceLink({ to, deviceId, className, testId, children }: DeviceLinkProps) {
  const path = to === 'detail' ? DEVICE_DETAIL_PATH : BIND_INFO_PATH;
  return (
    <Link className={className ? `device-link ${className}` : 'device-link'} to={`${path}?id=${deviceId}`} data-testid={testId}>
      {children}
    </Link>
  );
}
