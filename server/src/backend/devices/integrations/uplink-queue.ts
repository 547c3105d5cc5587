import { IntegrationKind } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../common/secret-box.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { UplinkPipeline } from '../ingest/ingest-uplink.ts';
import { handleIntegrationMessage } from './integration-message.ts';

/** Rows claimed at a time, and how long a claim holds before another worker may take the row. */
const BATCH = 50;
const CLAIM_SECONDS = 60;
/** A body that failed this often (the database kept failing on it) is dropped, and said so in the log. */
const MAX_ATTEMPTS = 5;

/** A webhook's body, accepted: it is processed from here, after the network server has its answer. */
export async function enqueueWebhook(db: Queryable, integrationId: number, event: string | undefined, body: string, receivedAt: Date): Promise<void> {
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

/** Processes the queued webhook bodies, oldest first, until none is left. */
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
    for (const queued of batch) {
      try {
        await handleIntegrationMessage(pipeline, {
          integrationId: queued.integrationId,
          kind: queued.kind,
          event: queued.event ?? undefined,
          body: queued.body,
          receivedAt: new Date(queued.receivedAt),
          token: queued.kind === IntegrationKind.onenetHttp && queued.sealed ? box.open(queued.sealed) : undefined,
        });
      } catch (error) {
        if (queued.attempts < MAX_ATTEMPTS) {
          logger.warn({ err: error, queued: queued.id }, 'queued webhook not processed: tried again later');
          continue;
        }
        logger.error({ err: error, queued: queued.id, integrationId: queued.integrationId }, `queued webhook dropped after ${MAX_ATTEMPTS} attempts`);
      }
      await db.query('delete from uplink_queue where id = $1', [queued.id]);
    }
  }
}
