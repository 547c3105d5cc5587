import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../api/endpoint.ts';
import { Envelope } from '../contract/envelope.ts';
import { DEFAULT_WEBHOOK_HEADER, IntegrationIdBody, IntegrationListResponse, IntegrationPaths, IntegrationSaveBody, IntegrationSavedResponse } from '../contract/integrations.ts';
import { Permission } from '../contract/permissions.ts';

const tags = ['integrations'];

/** 设备接入: the network servers devices report through. */
export const IntegrationEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: IntegrationPaths.save,
    input: IntegrationSaveBody,
    response: IntegrationSavedResponse,
    refusals: [403, 404, 409],
    permission: Permission.integrationsManage,
    tags,
    summary: "Create or change an integration: an MQTT subscription to ChirpStack or The Things Stack, or a webhook for ChirpStack, The Things Stack, CTWing or OneNET",
    description: 'A new webhook answers its URL, header and secret this once; passwords and tokens are never answered. Provider staff only; with version, a change over someone else\'s is refused (409).',
  }),
  list: defineEndpoint({
    method: 'POST',
    path: IntegrationPaths.list,
    response: IntegrationListResponse,
    refusals: [403],
    permission: Permission.integrationsManage,
    tags,
    summary: "Every integration with its status: connected or its last error, today's messages and errors, its last message",
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: IntegrationPaths.rotateSecret,
    input: IntegrationIdBody,
    response: IntegrationSavedResponse,
    refusals: [403, 404],
    permission: Permission.integrationsManage,
    tags,
    summary: "A webhook's new secret, shown this once; pushes with the old one are refused from now on",
  }),
};

const WebhookParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
const webhookTags = ['device ingress'];

/** Where network servers push uplinks: authenticated by the integration's own secret, not a session. */
export const WebhookEndpoints = {
  push: defineEndpoint({
    method: 'POST',
    path: `${IntegrationPaths.webhook}/:id`,
    params: WebhookParams,
    input: Type.Unknown(),
    response: Envelope(Type.Null()),
    refusals: [401, 404, 413],
    access: 'public',
    tags: webhookTags,
    summary: "A network server's uplink push: ChirpStack (?event=up|status…) or The Things Stack with the integration's header secret, or OneNET with its signature in the body",
    description: `The header is ${DEFAULT_WEBHOOK_HEADER} unless the integration names another. Answered at once; the uplink is processed from a durable queue. A wrong secret or signature: 401, nothing kept.`,
  }),
  pushWithToken: defineEndpoint({
    method: 'POST',
    path: `${IntegrationPaths.webhook}/:id/:token`,
    params: Type.Object({ id: WebhookParams.properties.id, token: Type.String({ maxLength: 100 }) }),
    input: Type.Unknown(),
    response: Envelope(Type.Null()),
    refusals: [401, 404, 413],
    access: 'public',
    tags: webhookTags,
    summary: "CTWing's subscription push: CTWing signs nothing, so the URL carries the integration's secret token",
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: `${IntegrationPaths.webhook}/:id`,
    params: WebhookParams,
    input: Type.Object({ msg: Type.Optional(Type.String({ maxLength: 200 })), nonce: Type.Optional(Type.String({ maxLength: 200 })), signature: Type.Optional(Type.String({ maxLength: 200 })) }),
    refusals: [401, 404],
    access: 'public',
    tags: webhookTags,
    summary: "OneNET's verification of a push address: answers msg as plain text when the signature made with the integration's token matches",
  }),
};
