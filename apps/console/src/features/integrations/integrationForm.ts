import { DEFAULT_MQTT_TOPICS, DEFAULT_WEBHOOK_HEADER, IntegrationKind, MQTT_INTEGRATION_KINDS, SECRET_WEBHOOK_KINDS, type Integration, type IntegrationSaveBody } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** Which settings a kind has: an MQTT subscription, a webhook secret's header, OneNET's token, or none (CTWing's token is in its URL). */
export type IntegrationFields = 'mqtt' | 'header' | 'token' | 'none';

export function integrationFieldsOf(kind: IntegrationKind): IntegrationFields {
  if (MQTT_INTEGRATION_KINDS.includes(kind)) return 'mqtt';
  if (kind === IntegrationKind.chirpstackHttp || kind === IntegrationKind.ttnHttp) return 'header';
  if (kind === IntegrationKind.onenetHttp) return 'token';
  return 'none';
}

export const hasRotatableSecret = (kind: IntegrationKind) => SECRET_WEBHOOK_KINDS.includes(kind);

/** The topic a new subscription gets when the field is left empty: what the network server documents. */
export const defaultTopicOf = (kind: IntegrationKind): string => DEFAULT_MQTT_TOPICS[kind] ?? '';

export interface IntegrationValues {
  name: string;
  kind: IntegrationKind;
  enabled: boolean;
  mqttUrl: string;
  username: string;
  /** Write-only: empty keeps the saved one. */
  password: string;
  topic: string;
  headerName: string;
  /** Write-only: empty keeps the saved one. */
  token: string;
}

export const newIntegrationValues = (): IntegrationValues => ({
  name: '',
  kind: IntegrationKind.chirpstackMqtt,
  enabled: true,
  mqttUrl: '',
  username: '',
  password: '',
  topic: '',
  headerName: DEFAULT_WEBHOOK_HEADER,
  token: '',
});

export function integrationValuesOf(row: Integration): IntegrationValues {
  return {
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    mqttUrl: row.mqttUrl ?? '',
    username: row.username ?? '',
    password: '',
    topic: row.topic ?? '',
    headerName: row.headerName ?? DEFAULT_WEBHOOK_HEADER,
    token: '',
  };
}

export type IntegrationProblem = 'integrationNameRequired' | 'tokenRequired';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The save body: only the settings of its kind, so switching kinds in a new dialog leaves nothing
 * of the other behind. A password or token left empty is left out, which keeps the saved one (the
 * list never answers it). An empty topic is the kind's documented one. An edit carries its version.
 */
export function integrationBody(values: IntegrationValues, editing?: Integration): { ok: true; body: IntegrationSaveBody } | { ok: false; problem: IntegrationProblem } {
  const name = values.name.trim();
  if (name === '') return { ok: false, problem: 'integrationNameRequired' };
  const base = { ...editedIdentity(editing), name, kind: values.kind, enabled: values.enabled };
  switch (integrationFieldsOf(values.kind)) {
    case 'mqtt':
      return {
        ok: true,
        body: {
          ...base,
          mqttUrl: orNull(values.mqttUrl),
          username: orNull(values.username),
          ...(values.password !== '' ? { password: values.password } : {}),
          topic: orNull(values.topic) ?? defaultTopicOf(values.kind),
        },
      };
    case 'header':
      return { ok: true, body: { ...base, headerName: orNull(values.headerName) ?? DEFAULT_WEBHOOK_HEADER } };
    case 'token':
      // A new OneNET integration cannot verify a push without it; an edit keeps the saved one.
      if (!editing && values.token.trim() === '') return { ok: false, problem: 'tokenRequired' };
      return { ok: true, body: { ...base, ...(values.token.trim() !== '' ? { token: values.token.trim() } : {}) } };
    case 'none':
      return { ok: true, body: base };
  }
}
