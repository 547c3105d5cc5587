import { useState } from 'react';
import { Form, Input, InputNumber, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceKind, DeviceModelEndpoints, DeviceModelLimits, TOAST_DURATION_MS, type DeviceModel } from '@pest/shared';
import { deviceModelKeys } from '../../api/deviceModels.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { CodecExamplesEditor } from './CodecExamplesEditor.tsx';
import { TestDecodePanel } from './TestDecodePanel.tsx';
import { deviceModelBody, deviceModelValuesOf, newDeviceModelValues, type DeviceModelProblem, type DeviceModelValues } from './deviceModelForm.ts';

interface DeviceModelDialogProps {
  /** The model to edit; none for a new one. */
  editing?: DeviceModel;
  onClose(): void;
}

/** A codec is a screenful of code: room for it beside its examples and the trial. */
const DIALOG_WIDTH = 900;
const CODEC_ROWS = { minRows: 8, maxRows: 24 };

/**
 * Add or edit a device model: what it is, how often it reports, its codec with the examples it
 * must decode as expected, and a trial on a pasted payload before saving. The server's refusals
 * (a name taken, a codec that fails an example, a change made meanwhile: 409) are toasted as it words them.
 */
export function DeviceModelDialog({ editing, onClose }: DeviceModelDialogProps) {
  const { t } = useTranslation(['connectivity', 'devices']);
  const [values, setValues] = useState<DeviceModelValues>(() => (editing ? deviceModelValuesOf(editing) : newDeviceModelValues()));
  const saving = useEndpointMutation(DeviceModelEndpoints.save, { success: () => t('connectivity:modelSaved'), invalidates: () => [deviceModelKeys.all] });
  const set = (patch: Partial<DeviceModelValues>) => setValues((current) => ({ ...current, ...patch }));

  const problemText = (problem: DeviceModelProblem) => {
    switch (problem.key) {
      case 'intervalRange':
        return t('connectivity:intervalRange', { min: problem.min, max: problem.max });
      case 'examplePayload':
        return t('connectivity:examplePayload', { label: problem.label });
      default:
        return t(`connectivity:${problem.key}`);
    }
  };

  const save = () => {
    const check = deviceModelBody(values, editing);
    if (!check.ok) {
      Message.error({ content: problemText(check.problem), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal
      title={editing ? t('connectivity:modelEditTitle') : t('connectivity:modelAddTitle')}
      width={DIALOG_WIDTH}
      saving={saving.isPending}
      onCancel={onClose}
      onSave={save}
      testId="device-model"
    >
      <div className="device-models-row">
        <Form.Item label={t('connectivity:vendor')} required>
          <Input value={values.vendor} maxLength={DeviceModelLimits.vendor} onChange={(vendor) => set({ vendor })} aria-label={t('connectivity:vendor')} data-testid="device-model-vendor" />
        </Form.Item>
        <Form.Item label={t('connectivity:modelName')} required>
          <Input value={values.name} maxLength={DeviceModelLimits.name} onChange={(name) => set({ name })} aria-label={t('connectivity:modelName')} data-testid="device-model-name-input" />
        </Form.Item>
      </div>
      <div className="device-models-row">
        <Form.Item label={t('connectivity:deviceType')} required>
          <Select
            value={values.deviceType}
            onChange={(deviceType: DeviceKind) => set({ deviceType })}
            options={Object.values(DeviceKind).map((kind) => ({ value: kind, label: t(`devices:kind.${kind}`) }))}
            aria-label={t('connectivity:deviceType')}
            data-testid="device-model-type"
          />
        </Form.Item>
        <Form.Item label={t('connectivity:reportIntervalMinutes')} required>
          <InputNumber
            value={values.reportIntervalMinutes}
            min={DeviceModelLimits.reportIntervalMinutes.min}
            max={DeviceModelLimits.reportIntervalMinutes.max}
            precision={0}
            onChange={(reportIntervalMinutes?: number) => set({ reportIntervalMinutes })}
            aria-label={t('connectivity:reportIntervalMinutes')}
            data-testid="device-model-interval"
          />
        </Form.Item>
      </div>
      <Form.Item label={t('connectivity:codec')} extra={t('connectivity:codecHint')}>
        <Input.TextArea
          className="device-models-codec"
          value={values.codec}
          autoSize={CODEC_ROWS}
          maxLength={DeviceModelLimits.codecChars}
          spellCheck={false}
          onChange={(codec) => set({ codec })}
          aria-label={t('connectivity:codec')}
          data-testid="device-model-codec"
        />
      </Form.Item>
      <Form.Item label={t('connectivity:testDecode')}>
        <TestDecodePanel codec={values.codec} />
      </Form.Item>
      <Form.Item label={t('connectivity:examples')} extra={t('connectivity:examplesHint')}>
        <CodecExamplesEditor examples={values.examples} onChange={(examples) => set({ examples })} />
      </Form.Item>
    </FormModal>
  );
}
