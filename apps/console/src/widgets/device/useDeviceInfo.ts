import { useCallback, useEffect, useState } from 'react';
import type { DeviceInfo } from '@pest/shared';
import { fetchDevice } from '../../api/devices.ts';

export type DeviceInfoState = { state: 'loading' } | { state: 'ready'; device: DeviceInfo } | { state: 'failed' };

/**
 * One device with its binding. A failure (unknown device, or one outside the user's scope) was
 * already shown by the http client; the page shows that nothing could be loaded. `replace` puts
 * the server's answer to an edit in place, and `patch` a live change.
 */
export function useDeviceInfo(id: number) {
  const [info, setInfo] = useState<DeviceInfoState>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setInfo({ state: 'loading' });
    fetchDevice(id)
      .then((device) => current && setInfo({ state: 'ready', device }))
      .catch(() => current && setInfo({ state: 'failed' }));
    return () => {
      current = false;
    };
  }, [id]);

  const replace = useCallback((device: DeviceInfo) => setInfo({ state: 'ready', device }), []);
  const patch = useCallback(
    (change: Partial<DeviceInfo>) => setInfo((shown) => (shown.state === 'ready' ? { state: 'ready', device: { ...shown.device, ...change } } : shown)),
    [],
  );

  return { info, replace, patch };
}
