import { Button, Input, InputNumber, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { DeviceModelLimits, DeviceReportEvent } from '@pest/shared';
import { newExample, type ExampleValues } from './deviceModelForm.ts';

interface CodecExamplesEditorProps {
  examples: readonly ExampleValues[];
  onChange(examples: ExampleValues[]): void;
}

/**
 * The model's example payloads, one row each: saving decodes every one and refuses the model when
 * a reading differs from the expected one, so a codec change cannot silently break a known frame.
 */
export function CodecExamplesEditor({ examples, onChange }: CodecExamplesEditorProps) {
  const { t } = useTranslation(['connectivity']);
  const change = (key: number, patch: Partial<ExampleValues>) => onChange(examples.map((example) => (example.key === key ? { ...example, ...patch } : example)));
  const eventOptions = Object.values(DeviceReportEvent).map((event) => ({ value: event, label: t(`connectivity:eventLabel.${event}`) }));

  return (
    <div data-testid="device-model-examples">
      {examples.length > 0 && (
        <div className="device-models-example device-models-example-head" aria-hidden>
          <span>{t('connectivity:exampleLabel')}</span>
          <span>{t('connectivity:fPort')}</span>
          <span>{t('connectivity:payloadHex')}</span>
          <span>{t('connectivity:battery')}</span>
          <span>{t('connectivity:temperature')}</span>
          <span>{t('connectivity:event')}</span>
          <span />
        </div>
      )}
      {examples.map((example, index) => (
        <div className="device-models-example" key={example.key} data-testid="device-model-example">
          <Input
            value={example.label}
            maxLength={DeviceModelLimits.exampleLabel}
            onChange={(label) => change(example.key, { label })}
            aria-label={`${t('connectivity:exampleLabel')} ${index + 1}`}
          />
          <InputNumber
            value={example.fPort}
            min={0}
            max={255}
            precision={0}
            onChange={(fPort?: number) => change(example.key, { fPort: fPort ?? 0 })}
            aria-label={`${t('connectivity:fPort')} ${index + 1}`}
          />
          <Input
            className="device-models-mono"
            value={example.payloadHex}
            onChange={(payloadHex) => change(example.key, { payloadHex })}
            aria-label={`${t('connectivity:payloadHex')} ${index + 1}`}
          />
          <InputNumber
            value={example.battery}
            min={0}
            max={100}
            precision={0}
            onChange={(battery?: number) => change(example.key, { battery })}
            aria-label={`${t('connectivity:battery')} ${index + 1}`}
          />
          <InputNumber
            value={example.temperature}
            min={-60}
            max={150}
            onChange={(temperature?: number) => change(example.key, { temperature })}
            aria-label={`${t('connectivity:temperature')} ${index + 1}`}
          />
          <Select
            allowClear
            placeholder={t('connectivity:noEvent')}
            value={example.event}
            options={eventOptions}
            onChange={(event?: DeviceReportEvent) => change(example.key, { event })}
            aria-label={`${t('connectivity:event')} ${index + 1}`}
          />
          <Button
            icon={<IconDelete />}
            onClick={() => onChange(examples.filter((other) => other.key !== example.key))}
            aria-label={`${t('connectivity:exampleRemove')} ${index + 1}`}
          />
        </div>
      ))}
      <Button
        type="dashed"
        icon={<IconPlus />}
        disabled={examples.length >= DeviceModelLimits.examples}
        onClick={() => onChange([...examples, newExample()])}
        data-testid="device-model-example-add"
      >
        {t('connectivity:exampleAdd')}
      </Button>
    </div>
  );
}
