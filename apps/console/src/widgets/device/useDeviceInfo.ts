import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceInfo } from '@pest/shared';
import { deviceKeys, deviceQueries } from '../../api/deviceQueries.ts';

export type DeviceInfoState = { state: 'loading' } | { state: 'ready'; device: DeviceInfo } | { state: 'failed' };

/**
 * One device with its binding, from the cache the detail and bind-info pages share (live pushes
 * keep it current: useDeviceLive). A failure (unknown device, or one outside the user's scope) was
 * already shown by the http client; the page shows that nothing could be loaded. `replace` puts the
 * server's answer to an edit in place.
 */
export function useDeviceInfo(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery(deviceQueries.info(id));
  const info: DeviceInfoState = query.data ? { state: 'ready', device: query.data } : query.isError ? { state: 'failed' } : { state: 'loading' };

  const replace = useCallback(
    (device: DeviceInfo) => {
      queryClient.setQueryData(deviceKeys.info(id), device);
      // Its name or remark may be in a cached page of the device list.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
    [queryClient, id],
  );

  return { info, replace };
}
