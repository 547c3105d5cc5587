import { NOTIFY_EMAIL_MAX_RECIPIENTS, type ChannelSaveBody, type ChannelType, type NotifyChannel } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** What the channel form holds. `secret` is only what was typed now: a stored one is never shown. */
export interface ChannelValues {
  type: ChannelType;
  name: string;
  url: string;
  secret: string;
  /** Remove the stored secret on save (edit only). */
  clearSecret: boolean;
  to: string[];
}

/** Channels whose messages a secret signs (DingTalk's 加签, the webhook's HMAC). */
export const usesSecret = (type: ChannelType): type is 'dingtalk' | 'webhook' => type === 'dingtalk' || type === 'webhook';
/** Every channel but email goes to an address. */
export const usesUrl = (type: ChannelType): type is Exclude<ChannelType, 'email'> => type !== 'email';

export const newChannelValues = (): ChannelValues => ({ type: 'wecom', name: '', url: '', secret: '', clearSecret: false, to: [] });

/** An edit starts from the channel as listed: its URL masked, its secret blank. */
export const channelValuesOf = (channel: NotifyChannel): ChannelValues => ({
  type: channel.type,
  name: channel.name,
  url: channel.url ?? '',
  secret: '',
  clearSecret: false,
  to: [...channel.to],
});

/** Same as the contract's pattern: only a typo with no @ or domain is caught here; the mail server judges the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ChannelProblem =
  | { key: 'nameRequired' | 'urlRequired' | 'recipientsRequired' }
  | { key: 'recipientInvalid'; email: string };

export type ChannelCheck = { ok: true; body: ChannelSaveBody } | { ok: false; problem: ChannelProblem };

/** The form's fields a reason can be shown under, named as the save body's properties. */
export type ChannelField = 'name' | 'url' | 'secret' | 'to';
const CHANNEL_FIELDS: readonly string[] = ['name', 'url', 'secret', 'to'] satisfies ChannelField[];

export const isChannelField = (field: string | undefined): field is ChannelField => field !== undefined && CHANNEL_FIELDS.includes(field);

/** The field a problem found before saving is about. */
export function problemField(problem: ChannelProblem): ChannelField {
  switch (problem.key) {
    case 'nameRequired':
      return 'name';
    case 'urlRequired':
      return 'url';
    case 'recipientsRequired':
    case 'recipientInvalid':
      return 'to';
  }
}

/**
 * The body to save, or the first thing missing. On an edit an untouched (masked) URL and an empty
 * secret are left out, so the server keeps what it has; `clearSecret` sends '' to remove it, as
 * does a change to a type that has no use for one.
 */
export function channelBody(values: ChannelValues, editing?: NotifyChannel): ChannelCheck {
  const name = values.name.trim();
  if (name === '') return { ok: false, problem: { key: 'nameRequired' } };
  const body: ChannelSaveBody = { type: values.type, name, ...editedIdentity(editing) };

  if (values.type === 'email') {
    const to = [...new Set(values.to.map((email) => email.trim()).filter(Boolean))].slice(0, NOTIFY_EMAIL_MAX_RECIPIENTS);
    if (to.length === 0) return { ok: false, problem: { key: 'recipientsRequired' } };
    const wrong = to.find((email) => !EMAIL.test(email));
    if (wrong) return { ok: false, problem: { key: 'recipientInvalid', email: wrong } };
    body.to = to;
  } else {
    const url = values.url.trim();
    const unchanged = editing !== undefined && editing.type === values.type && editing.url === url;
    if (!unchanged) {
      if (url === '') return { ok: false, problem: { key: 'urlRequired' } };
      body.url = url;
    }
  }

  if (usesSecret(values.type)) {
    if (values.clearSecret) body.secret = '';
    else if (values.secret !== '') body.secret = values.secret;
  } else if (editing?.hasSecret) {
    body.secret = '';
  }
  return { ok: true, body };
}
