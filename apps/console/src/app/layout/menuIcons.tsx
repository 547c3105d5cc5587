import type { ReactElement } from 'react';
import { IconArrowRise, IconDashboard, IconFile, IconNotification, IconStorage, IconWifi } from '@arco-design/web-react/icon';
import type { MenuIcon } from '../routeQueries.ts';

/** The route table names icons; this is what they look like. */
export const menuIcons: Record<MenuIcon, ReactElement> = {
  serviceRecord: <IconFile />,
  dashboard: <IconDashboard />,
  dataSheet: <IconStorage />,
  statisticalChart: <IconArrowRise />,
  equipment: <IconWifi />,
  notify: <IconNotification />,
};
