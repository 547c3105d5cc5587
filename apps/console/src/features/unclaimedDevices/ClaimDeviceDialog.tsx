import { useState } from 'react';
import { Form, Input, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CustomerKind, DeviceRegistrationLimits, TOAST_DURATION_MS, UplinkEndpoints, type DeviceKind, type DeviceSecret, type UnclaimedDevice } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { deviceModelKeys } from '../../api/deviceModels.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { uplinkKeys } from '../../api/uplinks.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { DeviceModelSelect } from '../../widgets/deviceModelSelect/DeviceModelSelect.tsx';
import { claimBody, claimKinds, newClaimValues, type ClaimValues } from './claimForm.ts';

const STORES = [CustomerKind.store] as const;

/**
 * 认领: registers a device heard through an integration at a store in one step, its DevEUI or IMEI
 * taken from the row (新增设备's fields otherwise); its secret is then shown once (onClaimed).
 */
export function ClaimDeviceDialog({ row, onClose, onClaimed }: { row: UnclaimedDevice; onClose(): void; onClaimed(secret: DeviceSecret): void }) {
  const { t } = useTranslation(['connectivity', 'devices']);
  const [values, setValues] = useState<ClaimValues>(() => newClaimValues(row));
  const kinds = claimKinds(row);
  const claiming = useEndpointMutation(UplinkEndpoints.claim, {
    success: (added, body) => t('connectivity:claimed', { name: body.deviceName, deviceNo: added.deviceNo }),
    invalidates: () => [uplinkKeys.unclaimedAll(), deviceKeys.all, deviceModelKeys.all],
  });
  const set = (patch: Partial<ClaimValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = () => {
    const { store } = values;
    const check = store === null ? ({ ok: false, problem: t('connectivity:claimStoreRequired') } as const) : claimBody(row.id, { ...values, store });
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    claiming.mutate(check.body, { onSuccess: onClaimed });
  };
  const text = (field: 'deviceNo' | 'deviceName' | 'remark', label: string, maxLength: number, required = false) => (
    <Form.Item label={label} required={required}>
      <Input value={values[field]} maxLength={maxLength} onChange={(value) => set({ [field]: value })} aria-label={label} data-testid={`unclaimed-claim-${field}`} />
    </Form.Item>
  );
  return (
    <FormModal title={t('connectivity:claimTitle')} width={560} saving={claiming.isPending} onCancel={onClose} onSave={save} testId="unclaimed-claim">
      <Form.Item label={row.devEui !== null ? 'DevEUI' : 'IMEI'}>
        <Input value={row.devEui ?? row.imei ?? ''} readOnly className="unclaimed-mono" data-testid="unclaimed-claim-identity" />
      </Form.Item>
      {text('deviceNo', t('devices:deviceCode'), DeviceRegistrationLimits.deviceNo, true)}
      {text('deviceName', t('devices:deviceName'), DeviceRegistrationLimits.deviceName, true)}
      <Form.Item label={t('connectivity:deviceType')} required>
        <Select
          value={values.deviceType}
          disabled={kinds.length === 1}
          onChange={(deviceType: DeviceKind) => set({ deviceType, modelId: undefined })}
          options={kinds.map((kind) => ({ value: kind, label: t(`devices:kind.${kind}`) }))}
          data-testid="unclaimed-claim-type"
        />
      </Form.Item>
      <DeviceModelSelect kind={values.deviceType} value={values.modelId} onChange={(modelId) => set({ modelId })} testId="unclaimed-claim-model" />
      <Form.Item label={t('devices:store')} required>
        <CustomerSelect
          kinds={STORES}
          value={values.store?.id ?? null}
          label={values.store?.label ?? ''}
          onChange={(id, label) => set({ store: { id, label } })}
          placeholder={t('devices:chooseStore')}
          testId="unclaimed-claim-store"
        />
      </Form.Item>
      {text('remark', t('devices:remark'), DeviceRegistrationLimits.remark)}
    </FormModal>
  );
}
