import { useState } from 'react';
import { Form, Input, Message, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerKind, DEVICE_KIND_LABELS, DeviceKind, DeviceRegistrationEndpoints, DeviceRegistrationLimits, Permission, TOAST_DURATION_MS, type DeviceSecret } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { filterQueries } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { useCan } from '../../session/useCan.ts';
import { DeviceModelSelect } from '../../widgets/deviceModelSelect/DeviceModelSelect.tsx';
import { deviceAddBody, newDeviceValues, type DeviceAddValues } from './deviceAddForm.ts';

const STORES = [CustomerKind.store] as const;

/** 新增设备: a device registered at a store; its secret is then shown once (onAdded). */
export function DeviceAddDialog({ onClose, onAdded }: { onClose(): void; onAdded(secret: DeviceSecret): void }) {
  const { t } = useTranslation(['devices']);
  const [values, setValues] = useState<DeviceAddValues>(newDeviceValues);
  const suppliers = useQuery(filterQueries.suppliers());
  // The models are the provider's (设备型号): who may not see them registers without one.
  const canPickModel = useCan()(Permission.integrationsManage);
  const adding = useEndpointMutation(DeviceRegistrationEndpoints.add, { success: () => t('devices:added'), invalidates: () => [deviceKeys.all] });
  const set = (patch: Partial<DeviceAddValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = () => {
    const check = deviceAddBody(values);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    adding.mutate(check.body, { onSuccess: onAdded });
  };
  const text = (field: 'deviceNo' | 'deviceName' | 'imei' | 'devEui' | 'imsi' | 'iccid' | 'technicalSupport' | 'remark', label: string, maxLength: number, required = false) => (
    <Form.Item label={label} required={required}>
      <Input value={values[field]} maxLength={maxLength} onChange={(value) => set({ [field]: value })} data-testid={`device-add-${field}`} />
    </Form.Item>
  );
  return (
    <FormModal title={t('devices:addTitle')} width={600} saving={adding.isPending} onCancel={onClose} onSave={save} testId="device-add">
      {text('deviceNo', t('devices:deviceNo'), DeviceRegistrationLimits.deviceNo, true)}
      {text('deviceName', t('devices:deviceName'), DeviceRegistrationLimits.deviceName, true)}
      <Form.Item label={t('devices:deviceType')} required>
        <Select
          placeholder={t('devices:choose')}
          value={values.deviceType}
          onChange={(deviceType: DeviceKind) => set({ deviceType, modelId: undefined })}
          options={Object.values(DeviceKind).map((kind) => ({ value: kind, label: DEVICE_KIND_LABELS[kind] }))}
          data-testid="device-add-type"
        />
      </Form.Item>
      {canPickModel && <DeviceModelSelect kind={values.deviceType} value={values.modelId} onChange={(modelId) => set({ modelId })} testId="device-add-model" />}
      <Form.Item label={t('devices:store')} required>
        <CustomerSelect
          kinds={STORES}
          value={values.store?.id ?? null}
          label={values.store?.label ?? ''}
          onChange={(id, label) => set({ store: { id, label } })}
          placeholder={t('devices:chooseStore')}
          testId="device-add-store"
        />
      </Form.Item>
      {text('imei', 'IMEI', 15)}
      {text('devEui', 'DevEUI', 23)}
      {text('imsi', 'IMSI', 15)}
      {text('iccid', 'ICCID', 20)}
      <Form.Item label={t('devices:supplier')}>
        <Select
          allowClear
          placeholder={t('devices:choose')}
          value={values.supplierId}
          onChange={(supplierId?: number) => set({ supplierId })}
          options={(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }))}
          data-testid="device-add-supplier"
        />
      </Form.Item>
      {text('technicalSupport', t('devices:technicalSupport'), DeviceRegistrationLimits.technicalSupport)}
      {text('remark', t('devices:remark'), DeviceRegistrationLimits.remark)}
    </FormModal>
  );
}
