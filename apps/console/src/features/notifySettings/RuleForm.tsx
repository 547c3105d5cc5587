import { useState } from 'react';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Switch, TimePicker, type FormItemProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, NotifyEndpoints, ESCALATE_AFTER_MAX_MINUTES, type AlarmSeverity, type NotifyChannel, type NotifyRule } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import {
  NOTIFIABLE_KINDS,
  fieldsChangedBy,
  isRuleField,
  newRuleValues,
  ruleBody,
  ruleValuesOf,
  runsPastMidnight,
  type NotifiableKind,
  type RuleField,
  type RuleValues,
} from './ruleForm.ts';
import { ScopeField } from './ScopeField.tsx';
import { useRuleScopeKind } from './useRuleScopeKind.ts';

interface RuleFormProps {
  editing?: NotifyRule;
  channels: readonly NotifyChannel[];
  onClose(): void;
  onSaved(rule: NotifyRule): void;
}

const TIME_FORMAT = 'HH:mm';

/** Add or edit a rule: whose alarms, which kinds and severities, when to keep quiet, whom to tell, and whom to tell if nobody acknowledges. */
export function RuleForm({ editing, channels, onClose, onSaved }: RuleFormProps) {
  const { t } = useTranslation(['notify', 'live']);
  const mobile = useIsMobile();
  const scope = useRuleScopeKind();
  const [values, setValues] = useState<RuleValues>(() =>
    editing ? ruleValuesOf(editing) : newRuleValues(scope.kind === 'organisation' ? scope.organisationId : null),
  );
  // Why a field was refused, by this form or by the server, shown under it until it is changed.
  const [refusals, setRefusals] = useState<Partial<Record<RuleField, string>>>({});
  const set = (patch: Partial<RuleValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    const changed = fieldsChangedBy(patch);
    setRefusals((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !changed.includes(field as RuleField))));
  };
  /** The refusal of any of `fields` (the escalation's two are one form item), under its item. */
  const refusalOf = (...fields: RuleField[]): Pick<FormItemProps, 'validateStatus' | 'help'> => {
    const field = fields.find((candidate) => refusals[candidate]);
    return field ? { validateStatus: 'error', help: <span data-testid={`rule-${field}-refusal`}>{refusals[field]}</span> } : {};
  };
  const channelOptions = channels.map((channel) => ({ value: channel.id, label: `${channel.name}（${t(`notify:channelType.${channel.type}`)}）` }));

  const saving = useEndpointMutation(NotifyEndpoints.ruleSave, {
    success: () => t('notify:saved'),
    // A refusal naming a field (outside the user's scope, a channel gone) goes under it.
    showRefusal: (field, message) => {
      if (!isRuleField(field)) return false;
      setRefusals({ [field]: message });
      return true;
    },
  });

  const save = () => {
    const check = ruleBody(values, editing);
    if (!check.ok) {
      setRefusals({ [check.field]: t(`notify:${check.problem}`) });
      return;
    }
    saving.mutate(check.body, { onSuccess: onSaved });
  };

  const quietHint =
    values.quietStart !== '' && values.quietStart === values.quietEnd
      ? t('notify:quietSame')
      : runsPastMidnight(values.quietStart, values.quietEnd)
        ? t('notify:quietOvernight', { end: values.quietEnd })
        : undefined;

  return (
    <Drawer
      visible
      width={mobile ? '100%' : 560}
      title={editing ? t('notify:editRule') : t('notify:addRule')}
      onCancel={onClose}
      unmountOnExit
      footer={
        <>
          <Button onClick={onClose}>{t('notify:cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={save} data-testid="rule-save">
            {t('notify:save')}
          </Button>
        </>
      }
    >
      <Form layout="vertical" data-testid="rule-form" onSubmit={save}>
        <Form.Item label={t('notify:ruleName')} required {...refusalOf('name')}>
          <Input value={values.name} maxLength={50} showWordLimit onChange={(name) => set({ name })} data-testid="rule-name" />
        </Form.Item>
        <ScopeField customerIds={values.customerIds} storeIds={values.storeIds} onChange={set} refusalOf={refusalOf} />
        <Form.Item label={t('notify:kinds')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('notify:allKinds')}
            value={values.types}
            onChange={(types: NotifiableKind[]) => set({ types })}
            options={NOTIFIABLE_KINDS.map((kind) => ({ value: kind, label: t(`live:alarmKind.${kind}`) }))}
            data-testid="rule-kinds"
          />
        </Form.Item>
        <Form.Item label={t('notify:severities')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('notify:allSeverities')}
            value={values.severities}
            onChange={(severities: AlarmSeverity[]) => set({ severities })}
            options={ALARM_SEVERITIES.map((severity) => ({ value: severity, label: t(`live:alarmSeverity.${severity}`) }))}
            data-testid="rule-severities"
          />
        </Form.Item>
        <Form.Item label={t('notify:quietHours')} extra={quietHint} {...refusalOf('quietHours')}>
          <div className="notify-quiet">
            <TimePicker
              format={TIME_FORMAT}
              placeholder={t('notify:quietStart')}
              value={values.quietStart || undefined}
              onChange={(time) => set({ quietStart: time ?? '' })}
              data-testid="rule-quiet-start"
            />
            <span>–</span>
            <TimePicker
              format={TIME_FORMAT}
              placeholder={t('notify:quietEnd')}
              value={values.quietEnd || undefined}
              onChange={(time) => set({ quietEnd: time ?? '' })}
              data-testid="rule-quiet-end"
            />
          </div>
          <Checkbox checked={values.exceptCritical} onChange={(exceptCritical: boolean) => set({ exceptCritical })} data-testid="rule-except-critical">
            {t('notify:exceptCritical')}
          </Checkbox>
        </Form.Item>
        <Form.Item label={t('notify:channelIds')} required extra={channels.length === 0 ? t('notify:noChannelsYet') : undefined} {...refusalOf('channelIds')}>
          <Select
            mode="multiple"
            value={values.channelIds}
            onChange={(channelIds: number[]) => set({ channelIds })}
            options={channelOptions}
            placeholder={t('notify:choose')}
            data-testid="rule-channels"
          />
        </Form.Item>
        <Form.Item label={t('notify:escalation')} extra={t('notify:escalationHint')} {...refusalOf('escalateAfterMinutes', 'escalationChannelIds')}>
          <div className="notify-escalation">
            <InputNumber
              min={1}
              max={ESCALATE_AFTER_MAX_MINUTES}
              precision={0}
              value={values.escalateAfterMinutes}
              onChange={(minutes?: number) => set({ escalateAfterMinutes: minutes ?? undefined })}
              placeholder={t('notify:escalateAfter')}
              suffix={t('notify:minutes')}
              data-testid="rule-escalate-after"
            />
            <Select
              mode="multiple"
              value={values.escalationChannelIds}
              onChange={(escalationChannelIds: number[]) => set({ escalationChannelIds })}
              options={channelOptions}
              placeholder={t('notify:escalationChannels')}
              data-testid="rule-escalation-channels"
            />
          </div>
        </Form.Item>
        <Form.Item label={t('notify:enabled')}>
          <Switch checked={values.enabled} onChange={(enabled) => set({ enabled })} aria-label={t('notify:enabled')} data-testid="rule-enabled" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
