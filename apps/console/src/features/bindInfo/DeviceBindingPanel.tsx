import { useState } from 'react';
import { Button, Popconfirm, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerKind, DeviceRegistrationEndpoints, type DeviceInfo } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';

const STORES = [CustomerKind.store];

interface DeviceBindingPanelProps {
  device: Pick<DeviceInfo, 'id' | 'customerId' | 'deviceTypeId' | 'binding' | 'version' | 'retired'>;
}

/**
 * 绑定点位: a free point of the device's type on one of its store's plans, or 解绑; 移至门店, which
 * takes it off its point to another store (its history stays with the old one); and 停用设备,
 * which takes it off its point and out of the lists for good (its history stays).
 */
export function DeviceBindingPanel({ device }: DeviceBindingPanelProps) {
  const { t } = useTranslation(['devices']);
  const [planId, setPlanId] = useState<number | undefined>();
  const [pointId, setPointId] = useState<number | undefined>();
  const [store, setStore] = useState<{ id: number; label: string } | null>(null);
  const plans = useQuery(serviceConfigQueries.plans(device.customerId));
  const points = useQuery({ ...serviceConfigQueries.points(planId ?? 0), enabled: planId !== undefined });
  // The device (this page's, the list's) and its store's points are read again.
  const invalidates = () => [deviceKeys.all, serviceConfigKeys.all];
  const binding = useEndpointMutation(DeviceRegistrationEndpoints.bind, { success: () => t('devices:bound'), invalidates });
  const unbinding = useEndpointMutation(DeviceRegistrationEndpoints.unbind, { success: () => t('devices:unbound'), invalidates });
  const moving = useEndpointMutation(DeviceRegistrationEndpoints.move, { success: () => t('devices:moved'), invalidates });
  const retiring = useEndpointMutation(DeviceRegistrationEndpoints.retire, { success: () => t('devices:retired'), invalidates });
  if (device.retired) {
    return (
      <p className="bind-info-retired" data-testid="device-retired">
        {t('devices:retired')}
      </p>
    );
  }
  const free = (points.data ?? []).filter((point) => point.deviceId === null && point.deviceTypeId === device.deviceTypeId);

  return (
    <div className="bind-info-binding" data-testid="device-binding-panel">
      {device.binding ? (
        <Popconfirm title={t('devices:unbindConfirm', { point: device.binding.pointCode })} onOk={() => unbinding.mutate({ id: device.id, version: device.version })}>
          <Button loading={unbinding.isPending} data-testid="device-unbind">
            {t('devices:unbind')}
          </Button>
        </Popconfirm>
      ) : (
        <div className="bind-info-bind-row">
          <Select
            placeholder={t('devices:choosePlan')}
            aria-label={t('devices:choosePlan')}
            value={planId}
            onChange={(id: number) => {
              setPlanId(id);
              setPointId(undefined);
            }}
            options={(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.name }))}
            data-testid="device-bind-plan"
          />
          <Select
            placeholder={t('devices:choosePoint')}
            aria-label={t('devices:choosePoint')}
            value={pointId}
            disabled={planId === undefined}
            onChange={(id: number) => setPointId(id)}
            options={free.map((point) => ({ value: point.id, label: `${point.code} · ${point.regionName}` }))}
            notFoundContent={t('devices:noFreePoint')}
            data-testid="device-bind-point"
          />
          <Button
            type="primary"
            disabled={pointId === undefined}
            loading={binding.isPending}
            onClick={() => pointId !== undefined && binding.mutate({ id: device.id, pointId, version: device.version })}
            data-testid="device-bind"
          >
            {t('devices:bind')}
          </Button>
        </div>
      )}
      <div className="bind-info-bind-row">
        <CustomerSelect
          kinds={STORES}
          value={store?.id ?? null}
          label={store?.label ?? ''}
          onChange={(id, label) => setStore({ id, label })}
          onClear={() => setStore(null)}
          placeholder={t('devices:moveTo')}
          testId="device-move-store"
        />
        <Popconfirm
          title={t('devices:moveConfirm', { store: store?.label ?? '' })}
          disabled={store === null || store.id === device.customerId}
          onOk={() => {
            if (store) moving.mutate({ id: device.id, customerId: store.id, version: device.version }, { onSuccess: () => setStore(null) });
          }}
        >
          <Button disabled={store === null || store.id === device.customerId} loading={moving.isPending} data-testid="device-move">
            {t('devices:move')}
          </Button>
        </Popconfirm>
      </div>
      <Popconfirm title={t('devices:retireConfirm')} onOk={() => retiring.mutate({ id: device.id, version: device.version })}>
        <Button status="danger" loading={retiring.isPending} data-testid="device-retire">
          {t('devices:retire')}
        </Button>
      </Popconfirm>
    </div>
  );
}
