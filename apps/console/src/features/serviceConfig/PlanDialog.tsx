import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Message, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServiceConfigEndpoints, ServiceConfigLimits, TOAST_DURATION_MS, chinaDay, type ServicePlanDetail } from '@pest/shared';
import { filterKeys, filterQueries } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys } from '../../api/serviceConfig.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { newPlanValues, planBody, planValuesOf, type PlanValues } from './serviceConfigForms.ts';

interface PlanDialogProps {
  customerId: number;
  editing?: ServicePlanDetail;
  onClose(): void;
}

/** Add or edit a store's plan: its name, period, visits a month and the pests it covers. */
export function PlanDialog({ customerId, editing, onClose }: PlanDialogProps) {
  const { t } = useTranslation(['serviceConfig']);
  const [values, setValues] = useState<PlanValues>(() => (editing ? planValuesOf(editing) : newPlanValues(chinaDay(new Date()))));
  const pests = useQuery(filterQueries.pests());
  // The filter form's plan lists show plans too.
  const saving = useEndpointMutation(ServiceConfigEndpoints.planSave, { success: () => t('serviceConfig:saved'), invalidates: () => [serviceConfigKeys.plans(customerId), filterKeys.all] });
  const set = (patch: Partial<PlanValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = () => {
    const check = planBody(customerId, values, editing);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };
  return (
    <FormModal title={editing ? t('serviceConfig:editPlan') : t('serviceConfig:addPlan')} saving={saving.isPending} onCancel={onClose} onSave={save} testId="plan">
      <Form.Item label={t('serviceConfig:planName')} required>
        <Input value={values.name} maxLength={ServiceConfigLimits.planName} showWordLimit onChange={(name) => set({ name })} data-testid="plan-name" />
      </Form.Item>
      <Form.Item label={t('serviceConfig:period')} required>
        <DatePicker.RangePicker
          style={{ width: '100%' }}
          value={values.period.length ? values.period : undefined}
          onChange={(period?: string[]) => set({ period: period?.length === 2 ? [period[0]!, period[1]!] : [] })}
          data-testid="plan-period"
        />
      </Form.Item>
      <Form.Item label={t('serviceConfig:visitsPerMonth')} required>
        <InputNumber min={1} max={31} precision={0} value={values.visitsPerMonth} onChange={(visitsPerMonth?: number) => set({ visitsPerMonth: visitsPerMonth ?? 0 })} data-testid="plan-visits" />
      </Form.Item>
      <Form.Item label={t('serviceConfig:pests')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('serviceConfig:choose')}
          value={values.pestIds}
          onChange={(pestIds: number[]) => set({ pestIds })}
          options={(pests.data ?? []).map((pest) => ({ value: pest.id, label: pest.name }))}
          data-testid="plan-pests"
        />
      </Form.Item>
    </FormModal>
  );
}
