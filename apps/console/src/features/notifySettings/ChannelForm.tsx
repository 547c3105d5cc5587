import { useState } from 'react';
import { Button, Drawer, Form, Input, InputTag, Select, type FormItemProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, NotifyEndpoints, type ChannelType, type NotifyChannel } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import {
  channelBody,
  channelValuesOf,
  isChannelField,
  newChannelValues,
  problemField,
  usesSecret,
  usesUrl,
  type ChannelField,
  type ChannelProblem,
  type ChannelValues,
} from './channelForm.ts';

interface ChannelFormProps {
  /** The channel to edit; absent to add one. */
  editing?: NotifyChannel;
  onClose(): void;
  onSaved(channel: NotifyChannel): void;
}

/**
 * Add or edit a channel. The fields follow the type: robots and webhooks an address (and a secret
 * for DingTalk's signing and the webhook's HMAC), email its recipients. A stored secret is never
 * shown: an edit says one is set, keeps it unless a new one is typed, or clears it on request.
 */
export function ChannelForm({ editing, onClose, onSaved }: ChannelFormProps) {
  const { t } = useTranslation(['notify']);
  const mobile = useIsMobile();
  const [values, setValues] = useState<ChannelValues>(() => (editing ? channelValuesOf(editing) : newChannelValues()));
  // Why a field was refused, by this form or by the server, shown under it until it is changed.
  const [refusals, setRefusals] = useState<Partial<Record<ChannelField, string>>>({});
  const set = (patch: Partial<ChannelValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setRefusals((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch) && !('type' in patch))));
  };
  const refusalOf = (field: ChannelField): Pick<FormItemProps, 'validateStatus' | 'help'> =>
    refusals[field] ? { validateStatus: 'error', help: <span data-testid={`channel-${field}-refusal`}>{refusals[field]}</span> } : {};
  const secretStored = editing?.hasSecret === true && editing.type === values.type;
  const urlMasked = editing?.url?.includes('****') === true && editing.type === values.type && values.url === editing.url;

  const problemText = (problem: ChannelProblem) =>
    problem.key === 'recipientInvalid' ? t('notify:recipientInvalid', { email: problem.email }) : t(`notify:${problem.key}`);

  const saving = useEndpointMutation(NotifyEndpoints.channelSave, {
    success: () => t('notify:saved'),
    // A refusal naming a field (an address not allowed) goes under it.
    showRefusal: (field, message) => {
      if (!isChannelField(field)) return false;
      setRefusals({ [field]: message });
      return true;
    },
  });

  const save = () => {
    const check = channelBody(values, editing);
    if (!check.ok) {
      setRefusals({ [problemField(check.problem)]: problemText(check.problem) });
      return;
    }
    saving.mutate(check.body, { onSuccess: onSaved });
  };

  return (
    <Drawer
      visible
      width={mobile ? '100%' : 520}
      title={editing ? t('notify:editChannel') : t('notify:addChannel')}
      onCancel={onClose}
      unmountOnExit
      footer={
        <>
          <Button onClick={onClose}>{t('notify:cancel')}</Button>
          <Button type="primary" loading={saving.isPending} onClick={save} data-testid="channel-save">
            {t('notify:save')}
          </Button>
        </>
      }
    >
      <Form layout="vertical" data-testid="channel-form" onSubmit={save}>
        <Form.Item label={t('notify:type')} required>
          <Select
            value={values.type}
            onChange={(type: ChannelType) => set({ type })}
            options={CHANNEL_TYPES.map((type) => ({ value: type, label: t(`notify:channelType.${type}`) }))}
            data-testid="channel-type"
          />
        </Form.Item>
        <Form.Item label={t('notify:name')} required {...refusalOf('name')}>
          <Input value={values.name} maxLength={50} showWordLimit onChange={(name) => set({ name })} data-testid="channel-name" />
        </Form.Item>
        {usesUrl(values.type) && (
          <Form.Item label={t('notify:url')} required extra={urlMasked ? t('notify:urlMasked') : t(`notify:urlHint.${values.type}`)} {...refusalOf('url')}>
            <Input value={values.url} maxLength={1000} onChange={(url) => set({ url })} placeholder="https://" data-testid="channel-url" />
          </Form.Item>
        )}
        {usesSecret(values.type) && (
          <Form.Item label={t('notify:secret')} extra={t(`notify:secretHint.${values.type}`)} {...refusalOf('secret')}>
            {values.clearSecret ? (
              <div className="notify-secret-cleared" data-testid="channel-secret-cleared">
                <span>{t('notify:secretWillClear')}</span>
                <Button type="text" size="mini" onClick={() => set({ clearSecret: false })}>
                  {t('notify:secretUndoClear')}
                </Button>
              </div>
            ) : (
              <div className="notify-secret">
                <Input.Password
                  value={values.secret}
                  maxLength={200}
                  autoComplete="new-password"
                  placeholder={secretStored ? t('notify:secretKept') : undefined}
                  onChange={(secret) => set({ secret })}
                  data-testid="channel-secret"
                />
                {secretStored && (
                  <Button type="text" status="danger" size="mini" onClick={() => set({ secret: '', clearSecret: true })} data-testid="channel-secret-clear">
                    {t('notify:secretClear')}
                  </Button>
                )}
              </div>
            )}
          </Form.Item>
        )}
        {values.type === 'email' && (
          <Form.Item label={t('notify:recipients')} required {...refusalOf('to')}>
            <InputTag
              value={values.to}
              allowClear
              saveOnBlur
              tokenSeparators={[',', ';', ' ']}
              placeholder={t('notify:recipientsPlaceholder')}
              onChange={(to: string[]) => set({ to })}
              data-testid="channel-to"
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
