import { IngestMessages, IntegrationKind, IntegrationMessages, WEBHOOK_MAX_BYTES } from '@pest/shared';
import { ingestUplink, type IngestOutcome, type UplinkPipeline } from '../ingest/ingest-uplink.ts';
import { parseChirpStackEvent } from '../ingest/sources/chirpstack.ts';
import { parseCtwingPush } from '../ingest/sources/ctwing.ts';
import { isIgnored } from '../ingest/sources/fields.ts';
import { parseOneNetPush } from '../ingest/sources/onenet.ts';
import { parseTtnUplink } from '../ingest/sources/ttn.ts';
import type { ParsedMessage } from '../ingest/uplink.ts';
import { countIntegrationMessage } from './integration-queries.ts';

/** A message as its integration received it: an MQTT topic's last level or ChirpStack's ?event=, and the body. */
export interface IntegrationMessage {
  integrationId: number;
  kind: string;
  /** ChirpStack's event (up, status, join…), from the topic or the query. */
  event?: string;
  body: string;
  receivedAt: Date;
  /** OneNET's token, opened from its seal. */
  token?: string;
}

/** What a message came to: its uplinks' outcomes, ignored (an event that is no uplink), or why it was refused. */
export type MessageOutcome = { outcomes: IngestOutcome[] } | { ignored: string } | { error: string };

/**
 * One message of a network server through the one pipeline: parsed by its kind's reader, each of
 * its uplinks ingested, counted on its integration (an unreadable message as an error, with its
 * reason as the integration's last error). Never throws for what a message holds; a database
 * failure does throw, so the caller leaves the message to be delivered again.
 */
export async function handleIntegrationMessage(pipeline: UplinkPipeline, message: IntegrationMessage): Promise<MessageOutcome> {
  const parsed = parse(message);
  if (!parsed.ok) {
    if (isIgnored(parsed)) return { ignored: parsed.reason };
    await countIntegrationMessage(pipeline.db, message.integrationId, message.receivedAt, `${IntegrationMessages.badBody}：${parsed.reason}`);
    return { error: parsed.reason };
  }
  const outcomes: IngestOutcome[] = [];
  for (const uplink of parsed.uplinks) outcomes.push(await ingestUplink(pipeline, uplink, message.integrationId));
  const failed = outcomes.includes('decodeFailed') ? IngestMessages.decodeFailed : outcomes.includes('outOfTime') ? IngestMessages.outOfTime : null;
  await countIntegrationMessage(pipeline.db, message.integrationId, message.receivedAt, failed);
  return { outcomes };
}

function parse(message: IntegrationMessage): ParsedMessage {
  if (Buffer.byteLength(message.body) > WEBHOOK_MAX_BYTES) return { ok: false, reason: 'message too large' };
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  switch (message.kind) {
    case IntegrationKind.chirpstackMqtt:
    case IntegrationKind.chirpstackHttp:
      return parseChirpStackEvent(message.event ?? 'up', body, message.receivedAt);
    case IntegrationKind.ttnMqtt:
    case IntegrationKind.ttnHttp:
      return parseTtnUplink(body, message.receivedAt);
    case IntegrationKind.ctwingHttp:
      return parseCtwingPush(body, message.receivedAt);
    case IntegrationKind.onenetHttp:
      return parseOneNetPush(body, message.token ?? '', message.receivedAt);
    default:
      return { ok: false, reason: `unknown kind ${message.kind}` };
  }
}
