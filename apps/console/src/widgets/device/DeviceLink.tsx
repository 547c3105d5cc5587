import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';
import './DeviceLink.css';

interface DeviceLinkProps {
  to: 'detail' | 'bindInfo';
  deviceId: number;
  className?: string;
  testId: string;
  children: ReactNode;
}

/** A link to one device's detail or bind-info page, styled as the console's text links. */
export function DeviceLink({ to, deviceId, className, testId, children }: DeviceLinkProps) {
  return (
    <Link className={className ? `device-link ${className}` : 'device-link'} to={pathWithId(to === 'detail' ? routePaths.equipmentDetail : routePaths.bindInfo, deviceId)} data-testid={testId}>
      {children}
    </Link>
  );
}
