import { useState } from 'react';
import { DatePicker, Form, Input, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_KINDS_NEEDING_REGISTRATION, MaterialEndpoints, MaterialKind, MaterialLimits, TOAST_DURATION_MS, type Material } from '@pest/shared';
import { materialKeys } from '../../api/materials.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { ImageUpload } from '../../components/ImageUpload/index.ts';
import { materialBody, materialValuesOf, newMaterialValues, type MaterialValues } from './materialForm.ts';

interface MaterialDialogProps {
  /** The material to edit; none for a new one. */
  editing?: Material;
  onClose(): void;
}

/** The optional texts between the registration and the unit, each held to the contract's limit. */
const TEXT_FIELDS = ['activeIngredient', 'concentration', 'manufacturer'] as const;

/**
 * Add or edit a material: what it is, its pesticide registration and until when, what is in it,
 * its unit, and its safety data sheet as a PDF or a scanned image (the console's one upload flow). The
 * server's refusals (a name already taken, someone else's save in between) are toasted as it says them.
 */
export function MaterialDialog({ editing, onClose }: MaterialDialogProps) {
  const { t } = useTranslation(['materials']);
  const [values, setValues] = useState<MaterialValues>(() => (editing ? materialValuesOf(editing) : newMaterialValues()));
  const saving = useEndpointMutation(MaterialEndpoints.save, { success: () => t('materials:saved'), invalidates: () => [materialKeys.all] });
  const set = (patch: Partial<MaterialValues>) => setValues((current) => ({ ...current, ...patch }));
  const registered = values.type !== undefined && MATERIAL_KINDS_NEEDING_REGISTRATION.includes(values.type);

  const save = () => {
    const check = materialBody(values, editing);
    if (!check.ok) {
      Message.error({ content: t(`materials:problem.${check.problem}`), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal title={editing ? t('materials:editTitle') : t('materials:addTitle')} width={560} saving={saving.isPending} onCancel={onClose} onSave={save} testId="material">
      <Form.Item label={t('materials:name')} required>
        <Input value={values.name} maxLength={MaterialLimits.name} onChange={(name) => set({ name })} aria-label={t('materials:name')} data-testid="material-name-input" />
      </Form.Item>
      <Form.Item label={t('materials:type')} required>
        <Select
          placeholder={t('materials:chooseType')}
          aria-label={t('materials:type')}
          value={values.type}
          onChange={(type: MaterialKind) => set({ type })}
          options={Object.values(MaterialKind).map((kind) => ({ value: kind, label: t(`materials:kinds.${kind}`) }))}
          data-testid="material-type-input"
        />
      </Form.Item>
      <Form.Item label={t('materials:registrationNo')} required={registered} extra={t('materials:registrationNoHint')}>
        <Input
          value={values.registrationNo}
          maxLength={MaterialLimits.registrationNo}
          onChange={(registrationNo) => set({ registrationNo })}
          aria-label={t('materials:registrationNo')}
          data-testid="material-registration-no-input"
        />
      </Form.Item>
      <Form.Item label={t('materials:registrationValidUntil')} extra={t('materials:validUntilHint')}>
        <DatePicker
          value={values.registrationValidUntil || undefined}
          onChange={(day: string) => set({ registrationValidUntil: day ?? '' })}
          style={{ width: '100%' }}
          data-testid="material-valid-until-input"
        />
      </Form.Item>
      {TEXT_FIELDS.map((field) => (
        <Form.Item key={field} label={t(`materials:${field}`)}>
          <Input value={values[field]} maxLength={MaterialLimits[field]} onChange={(text) => set({ [field]: text })} aria-label={t(`materials:${field}`)} data-testid={`material-${field}-input`} />
        </Form.Item>
      ))}
      <Form.Item label={t('materials:unit')} required>
        <Input
          value={values.unit}
          maxLength={MaterialLimits.unit}
          placeholder={t('materials:unitPlaceholder')}
          onChange={(unit) => set({ unit })}
          aria-label={t('materials:unit')}
          data-testid="material-unit-input"
        />
      </Form.Item>
      <Form.Item label={t('materials:sds')} extra={t('materials:sdsHint')}>
        <ImageUpload value={values.sdsUrl} onChange={(sdsUrl) => set({ sdsUrl })} accept="documents" testId="material-sds-input" />
      </Form.Item>
    </FormModal>
  );
}
