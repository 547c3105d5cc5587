import { Empty, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { PlacementMap } from '../../components/PlacementMap/index.ts';

/** The device's plan layout, or the server's reason there is none (e.g. a device not placed at a point). */
export function DevicePlacementPanel({ deviceId }: { deviceId: number }) {
  const query = useQuery(deviceQueries.placement(deviceId));
  if (query.data) return <PlacementMap placement={query.data} />;
  if (query.isError) return <Empty className="device-detail-placeholder" description={query.error.message} data-testid="placement-missing" />;
  return <Spin className="device-detail-placeholder" />;
}
