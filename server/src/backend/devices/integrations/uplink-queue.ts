import { CHINA_UTC_OFFSET_MS, IntegrationKind } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../common/secret-box.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { UplinkPipeline } from '../ingest/ingest-uplink.ts';
import { recordQuietUplinks } from '../ingest/record-quiet-uplinks.ts';
import type { Uplink } from '../ingest/uplink.ts';
import { countIntegrationMessages } from './integration-queries.ts';
import { deviceKeyOf, errorOf, ingestMessage, parseIntegrationMessage, type IntegrationMessage } from './integration-message.ts';

/** Rows claimed at a time, and how long a claim holds before another worker may take the row. */
const BATCH = 500;
const CLAIM_SECONDS = 60;
/** A body that failed this often (the database kept failing on it) is dropped, and said so in the log. */
const MAX_ATTEMPTS = 5;
/**
 * Devices whose uplinks are recorded at once: each holds one of PostgreSQL's pool of 10 for its
 * transaction, so requests keep the rest. One device's uplinks go one after another, in the
 * order they came, so its frame counter and its alarms see them in order.
 */
export const INGEST_WORKERS = 4;

/**
 * A message as it arrived, kept before it is acknowledged: a webhook's body (answered at once) or
 * an MQTT message (acknowledged to the broker once this row is written). It is processed from
 * here, so a crash after the acknowledgement loses nothing.
 */
export async function enqueueMessage(db: Queryable, integrationId: number, event: string | undefined, body: string, receivedAt: Date): Promise<void> {
  await db.query('insert into uplink_queue (integration_id, received_at, event, body) values ($1, $2, $3, $4)', [integrationId, receivedAt.toISOString(), event ?? null, body]);
}

interface QueuedBody {
  id: string;
  integrationId: number;
  kind: string;
  sealed: string | null;
  event: string | null;
  body: string;
  receivedAt: Date;
  attempts: number;
}

interface Claimed {
  queued: QueuedBody;
  message: IntegrationMessage;
  parsed: ReturnType<typeof parseIntegrationMessage>;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

/** A batch's messages per integration and Beijing day, counted with one statement each. */
class MessageCounts {
  private readonly byDay = new Map<string, { id: number; at: Date; messages: number; errors: number; lastError: string | null }>();

  add(message: IntegrationMessage, error: string | null): void {
    const key = `${message.integrationId}|${new Date(message.receivedAt.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10)}`;
    const counts = this.byDay.get(key) ?? { id: message.integrationId, at: message.receivedAt, messages: 0, errors: 0, lastError: null };
    counts.messages += 1;
    if (error) {
      counts.errors += 1;
      counts.lastError = error;
    }
    if (message.receivedAt > counts.at) counts.at = message.receivedAt;
    this.byDay.set(key, counts);
  }

  async save(db: Queryable): Promise<void> {
    for (const counts of this.byDay.values()) await countIntegrationMessages(db, counts.id, counts.at, counts);
  }
}

/**
 * Processes the queued messages, oldest first, until none is left: a batch at a time, its plain
 * heartbeats recorded together (recordQuietUplinks), the other devices INGEST_WORKERS at once,
 * each device's messages in the order they came. A message the database
 * failed on stays (with the rest of its device's in the batch) for a later round; one that failed
 * MAX_ATTEMPTS times is dropped and logged.
 */
export async function drainUplinkQueue(db: Db, pipeline: UplinkPipeline, box: SecretBox, logger: FastifyBaseLogger): Promise<void> {
  for (;;) {
    const batch = await db.query<QueuedBody>(
      `update uplink_queue q set claimed_until = now() + interval '${CLAIM_SECONDS} seconds', attempts = q.attempts + 1
       from integrations i
       where i.id = q.integration_id and q.id in (
         select id from uplink_queue where claimed_until is null or claimed_until < now() order by id limit ${BATCH} for update skip locked)
       returning q.id::text, q.integration_id as "integrationId", i.kind, i.sealed_secret as sealed, q.event, q.body, q.received_at as "receivedAt", q.attempts`,
    );
    if (batch.length === 0) return;
    batch.sort((a, b) => Number(a.id) - Number(b.id));
    const byDevice = new Map<string, Claimed[]>();
    for (const queued of batch) {
      const message: IntegrationMessage = {
        integrationId: queued.integrationId,
        kind: queued.kind,
        event: queued.event ?? undefined,
        body: queued.body,
        receivedAt: new Date(queued.receivedAt),
        token: queued.kind === IntegrationKind.onenetHttp && queued.sealed ? box.open(queued.sealed) : undefined,
      };
      const parsed = parseIntegrationMessage(message);
      const key = deviceKeyOf(parsed) ?? `message:${queued.id}`;
      const claimed = byDevice.get(key) ?? [];
      claimed.push({ queued, message, parsed });
      byDevice.set(key, claimed);
    }

    const done: string[] = [];
    const counts = new MessageCounts();
    // Heartbeats first, set-wise; what they leave (devices with an event, an alarm, an error…) one at a time.
    const [eligible, others] = partition([...byDevice.entries()], ([key, claimed]) => claimed.every(({ parsed }) => parsed.ok && parsed.uplinks.length === 1 && deviceKeyOf(parsed) === key));
    const devices = others.map(([, claimed]) => claimed);
    try {
      const quiet = await recordQuietUplinks(
        pipeline,
        eligible.map(([key, claimed]) => ({ key, uplinks: claimed.map((item) => ({ uplink: (item.parsed as { uplinks: Uplink[] }).uplinks[0]!, integrationId: item.message.integrationId, ref: item })) })),
      );
      for (const item of [...quiet.recorded, ...quiet.duplicates]) {
        counts.add(item.message, null);
        done.push(item.queued.id);
      }
      devices.push(...quiet.loud.map((group) => group.uplinks.map((uplink) => uplink.ref)));
    } catch (error) {
      logger.warn({ err: error }, 'queued uplinks not recorded together: one at a time instead');
      devices.push(...eligible.map(([, claimed]) => claimed));
    }
    const processDevice = async (claimed: Claimed[]) => {
      for (const { queued, message, parsed } of claimed) {
        try {
          const outcome = await ingestMessage(pipeline, message, parsed);
          if (!('ignored' in outcome)) counts.add(message, errorOf(outcome));
        } catch (error) {
          if (queued.attempts < MAX_ATTEMPTS) {
            logger.warn({ err: error, queued: queued.id }, 'queued uplink not processed: tried again later');
            // The device's later messages wait with it, so they are not recorded before it.
            return;
          }
          logger.error({ err: error, queued: queued.id, integrationId: queued.integrationId }, `queued uplink dropped after ${MAX_ATTEMPTS} attempts`);
        }
        done.push(queued.id);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(INGEST_WORKERS, devices.length) }, async () => {
        for (let next = devices.shift(); next; next = devices.shift()) await processDevice(next);
      }),
    );
    await counts.save(db);
    if (done.length > 0) await db.query('delete from uplink_queue where id = any($1::bigint[])', [done]);
  }
}
