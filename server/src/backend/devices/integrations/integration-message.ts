import { IngestMessages, IntegrationKind, IntegrationMessages, WEBHOOK_MAX_BYTES } from '@pest/shared';
import { ingestUplink, type IngestOutcome, type UplinkPipeline } from '../ingest/ingest-uplink.ts';
import { parseChirpStackEvent } from '../ingest/sources/chirpstack.ts';
import { parseCtwingPush } from '../ingest/sources/ctwing.ts';
import { isIgnored } from '../ingest/sources/fields.ts';
import { parseOneNetPush } from '../ingest/sources/onenet.ts';
import { parseTtnUplink } from '../ingest/sources/ttn.ts';
import type { ParsedMessage } from '../ingest/uplink.ts';

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
 * One parsed message of a network server through the one pipeline: each of its uplinks ingested.
 * Never throws for what a message holds; a database failure does throw, so the caller leaves the
 * message to be processed again.
 */
export async function ingestMessage(pipeline: UplinkPipeline, message: IntegrationMessage, parsed: ParsedMessage): Promise<MessageOutcome> {
  if (!parsed.ok) return isIgnored(parsed) ? { ignored: parsed.reason } : { error: parsed.reason };
  const outcomes: IngestOutcome[] = [];
  for (const uplink of parsed.uplinks) outcomes.push(await ingestUplink(pipeline, uplink, message.integrationId));
  return { outcomes };
}

/** The error a message counts as on its integration, or null when it went through (or was no uplink). */
export function errorOf(outcome: MessageOutcome): string | null {
  if ('error' in outcome) return `${IntegrationMessages.badBody}：${outcome.error}`;
  if ('ignored' in outcome) return null;
  return outcome.outcomes.includes('decodeFailed') ? IngestMessages.decodeFailed : outcome.outcomes.includes('outOfTime') ? IngestMessages.outOfTime : null;
}

/** The device a message speaks for (its first uplink's DevEUI or IMEI), so one device's messages keep their order. */
export function deviceKeyOf(parsed: ParsedMessage): string | null {
  const first = parsed.ok ? parsed.uplinks[0] : undefined;
  return first?.devEui ?? first?.imei ?? null;
}

/** A network server's message read by its kind's reader. */
export function parseIntegrationMessage(message: IntegrationMessage): ParsedMessage {
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
