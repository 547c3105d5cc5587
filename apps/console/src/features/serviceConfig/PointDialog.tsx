import { useState } from 'react';
import { Form, Input, InputNumber, Message, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FLOOR_PLAN_CANVAS, ServiceConfigEndpoints, ServiceConfigLimits, TOAST_DURATION_MS, type PointDetail } from '@pest/shared';
import { filterKeys, filterQueries } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { newPointValues, pointBody, pointValuesOf, regionOptions, type PointValues } from './serviceConfigForms.ts';

interface PointDialogProps {
  planId: number;
  editing?: PointDetail;
  onClose(): void;
}

/** Add or edit a point: its code, region, device type and place (also set by dragging it on the floor plan). */
export function PointDialog({ planId, editing, onClose }: PointDialogProps) {
  const { t } = useTranslation(['serviceConfig']);
  const [values, setValues] = useState<PointValues>(() => (editing ? pointValuesOf(editing) : newPointValues()));
  const regions = useQuery(serviceConfigQueries.regions(planId));
  const deviceTypes = useQuery(filterQueries.deviceTypes());
  const saving = useEndpointMutation(ServiceConfigEndpoints.pointSave, { success: () => t('serviceConfig:saved'), invalidates: () => [serviceConfigKeys.plan(planId), filterKeys.all] });
  const set = (patch: Partial<PointValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = () => {
    const check = pointBody(planId, values, editing);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };
  return (
    <FormModal title={editing ? t('serviceConfig:editPoint') : t('serviceConfig:addPoint')} saving={saving.isPending} onCancel={onClose} onSave={save} testId="point">
      <Form.Item label={t('serviceConfig:pointCode')} required>
        <Input value={values.code} maxLength={ServiceConfigLimits.pointCode} onChange={(code) => set({ code })} data-testid="point-code" />
      </Form.Item>
      <Form.Item label={t('serviceConfig:serviceRegion')} required>
        <Select
          placeholder={t('serviceConfig:choose')}
          value={values.regionId}
          onChange={(regionId: number) => set({ regionId })}
          options={regionOptions(regions.data ?? [])}
          data-testid="point-region"
        />
      </Form.Item>
      <Form.Item label={t('serviceConfig:deviceType')} required>
        <Select
          showSearch
          placeholder={t('serviceConfig:choose')}
          value={values.deviceTypeId}
          onChange={(deviceTypeId: number) => set({ deviceTypeId })}
          options={(deviceTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          data-testid="point-device-type"
        />
      </Form.Item>
      <Form.Item label={`${t('serviceConfig:position')} (x, y)`}>
        <span className="service-config-position">
          <InputNumber aria-label="x" min={0} max={FLOOR_PLAN_CANVAS.width} precision={0} value={values.x} onChange={(x?: number) => set({ x: x ?? 0 })} data-testid="point-x" />
          <InputNumber aria-label="y" min={0} max={FLOOR_PLAN_CANVAS.height} precision={0} value={values.y} onChange={(y?: number) => set({ y: y ?? 0 })} data-testid="point-y" />
        </span>
      </Form.Item>
    </FormModal>
  );
}
