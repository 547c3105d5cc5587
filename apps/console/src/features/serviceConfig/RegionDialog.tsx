import { useState } from 'react';
import { Form, Input, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ServiceConfigEndpoints, ServiceConfigLimits, ServiceRegionType, TOAST_DURATION_MS, guessedRegionType } from '@pest/shared';
import { filterKeys } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys } from '../../api/serviceConfig.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { newRegionValues, regionBody, type RegionTarget, type RegionValues } from './serviceConfigForms.ts';

interface RegionDialogProps {
  planId: number;
  target: RegionTarget;
  onClose(): void;
}

/** Add a region (at the top, or under one) or rename one; a top region also says what kind of place it is. */
export function RegionDialog({ planId, target, onClose }: RegionDialogProps) {
  const { t } = useTranslation(['serviceConfig']);
  const editing = 'region' in target ? target.region : undefined;
  const [values, setValues] = useState<RegionValues>(() => (editing ? { name: editing.name, regionType: guessedRegionType(editing.name) } : newRegionValues()));
  const [typeChosen, setTypeChosen] = useState(false);
  const saving = useEndpointMutation(ServiceConfigEndpoints.regionSave, { success: () => t('serviceConfig:saved'), invalidates: () => [serviceConfigKeys.plan(planId), filterKeys.all] });
  const save = () => {
    const check = regionBody(planId, target, values);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };
  const top = target.parentId === null;
  return (
    <FormModal
      title={editing ? t('serviceConfig:editRegion') : top ? t('serviceConfig:addTopRegion') : t('serviceConfig:addSubRegion')}
      saving={saving.isPending}
      onCancel={onClose}
      onSave={save}
      testId="region"
    >
      <Form.Item label={t('serviceConfig:regionName')} required>
        <Input
          value={values.name}
          maxLength={ServiceConfigLimits.regionName}
          // Until a type is chosen, the name suggests one (外围, 后厨, 仓库).
          onChange={(name) => setValues((current) => ({ name, regionType: typeChosen ? current.regionType : guessedRegionType(name) }))}
          data-testid="region-name"
        />
      </Form.Item>
      {top && !editing && (
        <Form.Item label={t('serviceConfig:regionType')}>
          <Select
            value={values.regionType}
            onChange={(regionType: ServiceRegionType) => {
              setTypeChosen(true);
              setValues((current) => ({ ...current, regionType }));
            }}
            options={Object.values(ServiceRegionType).map((type) => ({ value: type, label: t(`serviceConfig:regionTypeLabel.${type}`) }))}
            data-testid="region-type"
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
