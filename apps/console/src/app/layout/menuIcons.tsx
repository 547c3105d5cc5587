import type { ReactElement } from 'react';
import { IconBook, IconCalendar, IconCommon, IconDashboard, IconDesktop, IconExperiment, IconFile, IconNotification, IconSafe, IconSettings, IconTool, IconStorage, IconUserGroup, IconWifi } from '@arco-design/web-react/icon';
import type { MenuIcon } from '../routeQueries.ts';
import { IconBarChart } from './IconBarChart.tsx';

/** The route table names icons; this is what they look like. */
export const menuIcons: Record<MenuIcon, ReactElement> = {
  serviceRecord: <IconFile />,
  dashboard: <IconDashboard />,
  customer: <IconUserGroup />,
  contract: <IconCommon />,
  serviceArrangement: <IconCalendar />,
  serviceConfig: <IconTool />,
  material: <IconExperiment />,
  content: <IconBook />,
  dataSheet: <IconStorage />,
  statisticalChart: <IconBarChart />,
  equipment: <IconWifi />,
  notify: <IconNotification />,
  display: <IconDesktop />,
  providerSettings: <IconSafe />,
  system: <IconSettings />,
};
