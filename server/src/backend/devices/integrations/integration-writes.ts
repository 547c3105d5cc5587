import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_MQTT_TOPICS, DEFAULT_WEBHOOK_HEADER, IntegrationKind, IntegrationMessages, MQTT_INTEGRATION_KINDS, SECRET_WEBHOOK_KINDS, type IntegrationSaveBody } from '@pest/shared';
import type { SecretBox } from '../../common/secret-box.ts';
import { lockForEdit } from '../../common/edit-version.ts';
import { checkUrlShape, type AllowedHosts } from '../../common/outbound-guard.ts';
import { refusedAsTaken } from '../../common/unique-violation.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../envelope.ts';
import { MQTT_DESTINATIONS } from './broker-destination.ts';

const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;
// A topic filter: levels of anything but the wildcards, '+' as a whole level, '#' only as the last one.
const TOPIC = /^(\$share\/[^/+#]+\/)?([^/+#]*|\+)(\/([^/+#]*|\+))*(\/#)?$/;

/** What is kept of an integration besides its secrets. */
export interface IntegrationSettings {
  mqttUrl?: string;
  username?: string | null;
  topic?: string;
  headerName?: string;
  /**
   * The MQTT client id, made once at creation and kept: the broker keeps the persistent session
   * (and what was published while the product was away) under it, and two installations on one
   * broker must not share one.
   */
  clientId?: string;
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const newWebhookSecret = (): string => randomBytes(24).toString('base64url');

/** Checks and saves an integration; answers its id and, for a new webhook, its secret (shown once). */
export async function saveIntegration(tx: Queryable, box: SecretBox, body: IntegrationSaveBody, allowedHosts: AllowedHosts): Promise<{ id: number; secret?: string }> {
  const name = body.name.trim();
  if (!name) throw new ApiError(400, IntegrationMessages.nameRequired);
  if (name.length > 50) throw new ApiError(400, IntegrationMessages.nameTooLong);
  const settings: IntegrationSettings = {};
  let sealed: string | undefined;
  if (MQTT_INTEGRATION_KINDS.includes(body.kind)) {
    const url = parsedMqttUrl(body.mqttUrl);
    if (!url) throw new ApiError(400, IntegrationMessages.mqttUrl);
    // What can be told without DNS; the runner checks the addresses again before each connection.
    const destination = checkUrlShape(body.mqttUrl!.trim(), allowedHosts, MQTT_DESTINATIONS);
    if (!destination.ok) throw new ApiError(400, destination.reason);
    settings.mqttUrl = url;
    settings.username = body.username?.trim() || null;
    settings.topic = body.topic?.trim() || DEFAULT_MQTT_TOPICS[body.kind]!;
    if (!TOPIC.test(settings.topic)) throw new ApiError(400, IntegrationMessages.topic);
    // MQTT 3.1.1 sends a password only with a user name (§3.1.2.9).
    if (body.password && !settings.username) throw new ApiError(400, IntegrationMessages.usernameForPassword);
    if (body.password) sealed = box.seal(body.password);
  } else if (body.kind === IntegrationKind.onenetHttp) {
    if (body.token?.trim()) sealed = box.seal(body.token.trim());
    else if (body.id === undefined) throw new ApiError(400, IntegrationMessages.tokenRequired);
  } else if (body.kind !== IntegrationKind.ctwingHttp) {
    settings.headerName = body.headerName?.trim() || DEFAULT_WEBHOOK_HEADER;
    if (!HEADER_NAME.test(settings.headerName)) throw new ApiError(400, IntegrationMessages.headerName);
  }

  return refusedAsTaken(IntegrationMessages.nameTaken, async () => {
    if (body.id === undefined) {
      if (MQTT_INTEGRATION_KINDS.includes(body.kind)) settings.clientId = `pest-${randomBytes(8).toString('hex')}`;
      const secret = SECRET_WEBHOOK_KINDS.includes(body.kind) ? newWebhookSecret() : undefined;
      const [row] = await tx.query<{ id: number }>(
        `insert into integrations (name, kind, enabled, settings, sealed_secret, secret_hash, state) values ($1, $2, $3, $4::jsonb, $5, $6, $7) returning id`,
        [name, body.kind, body.enabled, JSON.stringify(settings), sealed ?? null, secret ? hashSecret(secret) : null, body.enabled ? (settings.clientId ? 'connecting' : 'idle') : 'disabled'],
      );
      return { id: row!.id, secret };
    }
    if (!(await lockForEdit(tx, 'integrations', body.id, body.version))) throw new ApiError(404, IntegrationMessages.notFound);
    const [current] = await tx.query<{ kind: string; clientId: string | null }>(`select kind, settings->>'clientId' as "clientId" from integrations where id = $1`, [body.id]);
    if (current!.kind !== body.kind) throw new ApiError(400, IntegrationMessages.kindChanged);
    if (current!.clientId) settings.clientId = current!.clientId;
    await tx.query(
      `update integrations set name = $2, enabled = $3, settings = $4::jsonb, sealed_secret = coalesce($5, sealed_secret), version = version + 1,
         state = case when not $3 then 'disabled' when kind = any($6::text[]) then 'connecting' when state = 'disabled' then 'idle' else state end
       where id = $1`,
      [body.id, name, body.enabled, JSON.stringify(settings), sealed ?? null, [...MQTT_INTEGRATION_KINDS]],
    );
    return { id: body.id };
  });
}

/** A webhook's new secret; the old one is refused from now on. */
export async function rotateIntegrationSecret(tx: Queryable, id: number): Promise<string> {
  const [row] = await tx.query<{ kind: string }>('select kind from integrations where id = $1 for update', [id]);
  if (!row) throw new ApiError(404, IntegrationMessages.notFound);
  if (!SECRET_WEBHOOK_KINDS.includes(row.kind as IntegrationKind)) throw new ApiError(400, IntegrationMessages.noSecret);
  const secret = newWebhookSecret();
  await tx.query('update integrations set secret_hash = $2, version = version + 1 where id = $1', [id, hashSecret(secret)]);
  return secret;
}

function parsedMqttUrl(raw: string | null | undefined): string | null {
  try {
    const url = new URL((raw ?? '').trim());
    if ((url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') || !url.hostname) return null;
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}
