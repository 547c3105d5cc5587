import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Message } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DisplayEndpoints,
  DISPLAY_DWELL_MAX_SECONDS,
  DISPLAY_DWELL_MIN_SECONDS,
  DISPLAY_SCOPES_MAX,
  TOAST_DURATION_MS,
  type DisplayLink,
  type DisplayLinkSaveResult,
} from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { canAddScope, emptyScope, linkBody, linkValuesOf, newLinkValues, PICKER_FORMAT, type LinkValues, type ScopeValues } from './displayLinkForm.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { ScopeFields } from './ScopeFields.tsx';

interface DisplayLinkFormProps {
  editing?: DisplayLink;
  onClose(): void;
  onSaved(result: DisplayLinkSaveResult): void;
}

/** Create or edit a display link: its name, 1–8 scopes, the time on each when it rotates, and an optional expiry. */
export function DisplayLinkForm({ editing, onClose, onSaved }: DisplayLinkFormProps) {
  const { t } = useTranslation(['display']);
  const [values, setValues] = useState<LinkValues>(() => (editing ? linkValuesOf(editing) : newLinkValues()));
  // A refusal (a scope beyond the user's, an expiry past) is the server's reason, toasted.
  const saving = useEndpointMutation(DisplayEndpoints.save);
  const set = (patch: Partial<LinkValues>) => setValues((current) => ({ ...current, ...patch }));
  const setScope = (key: number, patch: Partial<ScopeValues>) =>
    setValues((current) => ({ ...current, scopes: current.scopes.map((scope) => (scope.key === key ? { ...scope, ...patch } : scope)) }));

  const save = () => {
    const check = linkBody(values, editing, new Date());
    if (!check.ok) {
      Message.error({
        content: t(`display:${check.problem}`, { min: DISPLAY_DWELL_MIN_SECONDS, max: DISPLAY_DWELL_MAX_SECONDS }),
        duration: TOAST_DURATION_MS,
      });
      return;
    }
    saving.mutate(check.body, { onSuccess: onSaved });
  };

  return (
    <FormModal title={editing ? t('display:edit') : t('display:create')} width={640} saving={saving.isPending} onCancel={onClose} onSave={save} testId="display">
        <Form.Item label={t('display:name')} required>
          <Input value={values.name} maxLength={40} showWordLimit onChange={(name) => set({ name })} data-testid="display-name" />
        </Form.Item>
        <Form.Item label={t('display:scopes')} extra={t('display:scopesHint', { max: DISPLAY_SCOPES_MAX })}>
          {values.scopes.map((scope, index) => (
            <ScopeFields
              key={scope.key}
              index={index}
              scope={scope}
              removable={values.scopes.length > 1}
              onChange={(patch) => setScope(scope.key, patch)}
              onRemove={() => set({ scopes: values.scopes.filter((other) => other.key !== scope.key) })}
            />
          ))}
          <Button type="dashed" long icon={<IconPlus />} disabled={!canAddScope(values)} onClick={() => set({ scopes: [...values.scopes, emptyScope()] })} data-testid="display-scope-add">
            {t('display:addScope')}
          </Button>
        </Form.Item>
        {values.scopes.length > 1 && (
          <Form.Item label={t('display:dwell')}>
            <InputNumber
              value={values.dwellSeconds}
              min={DISPLAY_DWELL_MIN_SECONDS}
              max={DISPLAY_DWELL_MAX_SECONDS}
              step={5}
              precision={0}
              suffix={t('display:dwellUnit')}
              onChange={(dwellSeconds) => set({ dwellSeconds })}
              data-testid="display-dwell"
            />
          </Form.Item>
        )}
        <Form.Item label={t('display:expiresAt')} extra={t('display:expiresHint')}>
          <DatePicker
            showTime
            format={PICKER_FORMAT}
            value={values.expiresAt ?? undefined}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            onChange={(text: string | undefined) => set({ expiresAt: text ? text : null })}
            style={{ width: '100%' }}
            data-testid="display-expires"
          />
        </Form.Item>
    </FormModal>
  );
}
