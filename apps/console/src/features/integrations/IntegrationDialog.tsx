import { useState } from 'react';
import { Form, Input, Message, Select, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WEBHOOK_HEADER, IntegrationEndpoints, IntegrationKind, TOAST_DURATION_MS, type Integration, type IntegrationSaved } from '@pest/shared';
import { integrationKeys } from '../../api/integrations.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { defaultTopicOf, integrationBody, integrationFieldsOf, integrationValuesOf, newIntegrationValues, type IntegrationValues } from './integrationForm.ts';

interface IntegrationDialogProps {
  /** The integration to edit; none for a new one. */
  editing?: Integration;
  onClose(): void;
  /** Saved: the answer carries a new webhook's URL and secret, to be shown once. */
  onSaved(saved: IntegrationSaved): void;
}

/**
 * Add or edit an integration. Its settings follow its kind, which is fixed once saved (the
 * server refuses a change: the devices behind it speak that network server's format).
 */
export function IntegrationDialog({ editing, onClose, onSaved }: IntegrationDialogProps) {
  const { t } = useTranslation(['connectivity']);
  const [values, setValues] = useState<IntegrationValues>(() => (editing ? integrationValuesOf(editing) : newIntegrationValues()));
  const saving = useEndpointMutation(IntegrationEndpoints.save, { success: () => t('connectivity:integrationSaved'), invalidates: () => [integrationKeys.all] });
  const set = (patch: Partial<IntegrationValues>) => setValues((current) => ({ ...current, ...patch }));
  const fields = integrationFieldsOf(values.kind);

  const save = () => {
    const check = integrationBody(values, editing);
    if (!check.ok) {
      Message.error({ content: t(`connectivity:${check.problem}`), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onSaved });
  };

  return (
    <FormModal
      title={editing ? t('connectivity:integrationEditTitle') : t('connectivity:integrationAddTitle')}
      width={600}
      saving={saving.isPending}
      onCancel={onClose}
      onSave={save}
      testId="integration"
    >
      <Form.Item label={t('connectivity:integrationName')} required>
        <Input value={values.name} maxLength={50} onChange={(name) => set({ name })} aria-label={t('connectivity:integrationName')} data-testid="integration-name-input" />
      </Form.Item>
      <Form.Item label={t('connectivity:kind')} required extra={editing ? t('connectivity:kindFixed') : undefined}>
        <Select
          value={values.kind}
          disabled={editing !== undefined}
          onChange={(kind: IntegrationKind) => set({ kind })}
          options={Object.values(IntegrationKind).map((kind) => ({ value: kind, label: t(`connectivity:kindLabel.${kind}`) }))}
          aria-label={t('connectivity:kind')}
          data-testid="integration-kind"
        />
      </Form.Item>
      <Form.Item label={t('connectivity:enabled')}>
        <Switch checked={values.enabled} onChange={(enabled: boolean) => set({ enabled })} aria-label={t('connectivity:enabled')} data-testid="integration-enabled" />
      </Form.Item>
      {fields === 'mqtt' && (
        <>
          <Form.Item label={t('connectivity:mqttUrl')} required>
            <Input
              value={values.mqttUrl}
              maxLength={500}
              placeholder={t('connectivity:mqttUrlPlaceholder')}
              onChange={(mqttUrl) => set({ mqttUrl })}
              aria-label={t('connectivity:mqttUrl')}
              data-testid="integration-mqtt-url"
            />
          </Form.Item>
          <Form.Item label={t('connectivity:username')}>
            <Input value={values.username} maxLength={200} autoComplete="off" onChange={(username) => set({ username })} aria-label={t('connectivity:username')} data-testid="integration-username" />
          </Form.Item>
          <Form.Item label={t('connectivity:password')}>
            {/* Write-only: the list never answers it, so an edit starts empty and empty keeps it. */}
            <Input.Password
              value={values.password}
              maxLength={500}
              autoComplete="new-password"
              placeholder={editing?.hasSecret ? t('connectivity:passwordKept') : t('connectivity:passwordNew')}
              onChange={(password) => set({ password })}
              aria-label={t('connectivity:password')}
              data-testid="integration-password"
            />
          </Form.Item>
          <Form.Item label={t('connectivity:topic')}>
            <Input
              className="integrations-mono"
              value={values.topic}
              maxLength={500}
              placeholder={defaultTopicOf(values.kind)}
              onChange={(topic) => set({ topic })}
              aria-label={t('connectivity:topic')}
              data-testid="integration-topic"
            />
          </Form.Item>
        </>
      )}
      {fields === 'header' && (
        <Form.Item label={t('connectivity:headerName')}>
          <Input
            className="integrations-mono"
            value={values.headerName}
            maxLength={200}
            placeholder={DEFAULT_WEBHOOK_HEADER}
            onChange={(headerName) => set({ headerName })}
            aria-label={t('connectivity:headerName')}
            data-testid="integration-header-name"
          />
        </Form.Item>
      )}
      {fields === 'token' && (
        <Form.Item label={t('connectivity:token')} required={!editing}>
          <Input.Password
            value={values.token}
            maxLength={200}
            autoComplete="new-password"
            placeholder={editing ? t('connectivity:tokenKept') : t('connectivity:tokenNew')}
            onChange={(token) => set({ token })}
            aria-label={t('connectivity:token')}
            data-testid="integration-token"
          />
        </Form.Item>
      )}
      {fields === 'none' && !editing && <p className="integrations-note">{t('connectivity:ctwingNote')}</p>}
    </FormModal>
  );
}
