import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_HEADER, IntegrationKind, type Integration } from '@pest/shared';
import { hasRotatableSecret, integrationBody, integrationFieldsOf, integrationValuesOf, newIntegrationValues, type IntegrationValues } from './integrationForm.ts';

const values = (patch: Partial<IntegrationValues>): IntegrationValues => ({ ...newIntegrationValues(), name: ' TTS ', ...patch });

const saved: Integration = {
  id: 3,
  name: 'CS',
  kind: IntegrationKind.chirpstackMqtt,
  enabled: true,
  mqttUrl: 'mqtt://cs.local:1883',
  username: 'u',
  topic: 'application/+/device/+/event/up',
  headerName: null,
  hasSecret: true,
  webhookPath: null,
  state: 'connected',
  lastError: null,
  lastErrorAt: null,
  lastMessageAt: null,
  messagesToday: 0,
  errorsToday: 0,
  version: 5,
};

describe('integrationFieldsOf', () => {
  it('gives each kind its own settings', () => {
    expect(integrationFieldsOf(IntegrationKind.ttnMqtt)).toBe('mqtt');
    expect(integrationFieldsOf(IntegrationKind.chirpstackHttp)).toBe('header');
    expect(integrationFieldsOf(IntegrationKind.ttnHttp)).toBe('header');
    expect(integrationFieldsOf(IntegrationKind.onenetHttp)).toBe('token');
    expect(integrationFieldsOf(IntegrationKind.ctwingHttp)).toBe('none');
    expect(hasRotatableSecret(IntegrationKind.ctwingHttp)).toBe(true);
    expect(hasRotatableSecret(IntegrationKind.onenetHttp)).toBe(false);
  });
});

describe('integrationBody', () => {
  it('sends only the kind’s settings, the documented topic when none is typed', () => {
    expect(integrationBody(values({ kind: IntegrationKind.ttnMqtt, mqttUrl: ' mqtts://eu1:8883 ', username: 'app', password: 'key', headerName: 'x' }))).toEqual({
      ok: true,
      body: { name: 'TTS', kind: 'ttn-mqtt', enabled: true, mqttUrl: 'mqtts://eu1:8883', username: 'app', password: 'key', topic: 'v3/+/devices/+/up' },
    });
    expect(integrationBody(values({ kind: IntegrationKind.ttnHttp, mqttUrl: 'mqtt://x', headerName: ' ' }))).toEqual({
      ok: true,
      body: { name: 'TTS', kind: 'ttn-http', enabled: true, headerName: DEFAULT_WEBHOOK_HEADER },
    });
    expect(integrationBody(values({ kind: IntegrationKind.ctwingHttp }))).toEqual({ ok: true, body: { name: 'TTS', kind: 'ctwing-http', enabled: true } });
  });

  it('leaves an empty password or token out of an edit, so the saved one stays, and carries the version', () => {
    expect(integrationBody(integrationValuesOf(saved), saved)).toEqual({
      ok: true,
      body: { id: 3, version: 5, name: 'CS', kind: 'chirpstack-mqtt', enabled: true, mqttUrl: 'mqtt://cs.local:1883', username: 'u', topic: 'application/+/device/+/event/up' },
    });
    const onenet = { ...saved, kind: IntegrationKind.onenetHttp };
    expect(integrationBody(integrationValuesOf(onenet), onenet)).toEqual({ ok: true, body: { id: 3, version: 5, name: 'CS', kind: 'onenet-http', enabled: true } });
  });

  it('refuses a nameless integration and a new OneNET one without its token', () => {
    expect(integrationBody(values({ name: ' ' }))).toEqual({ ok: false, problem: 'integrationNameRequired' });
    expect(integrationBody(values({ kind: IntegrationKind.onenetHttp }))).toEqual({ ok: false, problem: 'tokenRequired' });
    expect(integrationBody(values({ kind: IntegrationKind.onenetHttp, token: ' tk ' }))).toMatchObject({ ok: true, body: { token: 'tk' } });
  });
});
