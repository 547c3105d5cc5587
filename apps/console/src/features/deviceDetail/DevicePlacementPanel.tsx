import { useEffect, useState } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import type { DevicePlacement } from '@pest/shared';
import { fetchDevicePlacement } from '../../api/devices.ts';
import { PlacementMap } from '../../components/PlacementMap/index.ts';

type PlacementState = { state: 'loading' } | { state: 'ready'; placement: DevicePlacement } | { state: 'failed'; message: string };

/** The device's plan layout, or the server's reason there is none (e.g. a device not placed at a point). */
export function DevicePlacementPanel({ deviceId }: { deviceId: number }) {
  const [shown, setShown] = useState<PlacementState>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setShown({ state: 'loading' });
    fetchDevicePlacement(deviceId)
      .then((placement) => current && setShown({ state: 'ready', placement }))
      .catch((error: unknown) => current && setShown({ state: 'failed', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      current = false;
    };
  }, [deviceId]);

  switch (shown.state) {
    case 'loading':
      return <Spin className="device-detail-placeholder" />;
    case 'failed':
      return <Empty className="device-detail-placeholder" description={shown.message} data-testid="placement-missing" />;
    case 'ready':
      return <PlacementMap placement={shown.placement} />;
  }
}
