import { Form, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '@pest/shared';
import { deviceModelQueries, modelsOfKind } from '../../api/deviceModels.ts';

/**
 * 设备型号 of a device being registered or claimed: the models of its kind (a model has one kind,
 * so a dialog clears the choice when the kind changes), optional.
 */
export function DeviceModelSelect({ kind, value, onChange, testId }: { kind: DeviceKind | undefined; value: number | undefined; onChange(modelId: number | undefined): void; testId: string }) {
  const { t } = useTranslation(['connectivity']);
  const models = useQuery(deviceModelQueries.list());
  return (
    <Form.Item label={t('connectivity:deviceModel')} extra={t('connectivity:deviceModelOptional')}>
      <Select
        allowClear
        placeholder={t('connectivity:deviceModel')}
        loading={models.isPending}
        value={value}
        onChange={(modelId?: number) => onChange(modelId)}
        options={modelsOfKind(models.data ?? [], kind).map((model) => ({ value: model.id, label: `${model.vendor} ${model.name}` }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
