import { queryOptions } from '@tanstack/react-query';
import { DeviceModelEndpoints, type DeviceKind, type DeviceModel } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 设备型号 calls: every model at once (a provider has tens, not thousands); the table shows its own spinner. */
export const fetchDeviceModels = (signal?: AbortSignal) => call(DeviceModelEndpoints.list, undefined, { skipLoading: true, signal });

export const deviceModelKeys = {
  all: ['deviceModels'] as const,
  list: () => [...deviceModelKeys.all, 'list'] as const,
};

export const deviceModelQueries = {
  list: () => queryOptions({ queryKey: deviceModelKeys.list(), queryFn: ({ signal }) => fetchDeviceModels(signal), staleTime: StaleTime.list }),
};

/** The models a device of this kind may have (the server refuses another kind's). */
export const modelsOfKind = (models: readonly DeviceModel[], kind: DeviceKind | undefined) => models.filter((model) => model.deviceType === kind);
