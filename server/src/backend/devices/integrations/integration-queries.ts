import { IntegrationKind, IntegrationPaths, type Integration } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';

const beijing = (column: string) => `to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** Where an integration's network server pushes; CTWing's carries its token as the last part. */
export const webhookPath = (id: number, kind: string): string | null => {
  if (kind === IntegrationKind.chirpstackMqtt || kind === IntegrationKind.ttnMqtt) return null;
  return kind === IntegrationKind.ctwingHttp ? `${IntegrationPaths.webhook}/${id}/{token}` : `${IntegrationPaths.webhook}/${id}`;
};

/** Every integration, its settings but no secret, and today's (Beijing) counts. */
export async function integrations(db: Queryable): Promise<Integration[]> {
  const rows = await db.query<Omit<Integration, 'webhookPath'>>(
    `select i.id, i.name, i.kind, i.enabled, i.settings->>'mqttUrl' as "mqttUrl", i.settings->>'username' as username, i.settings->>'topic' as topic,
            i.settings->>'headerName' as "headerName", (i.sealed_secret is not null or i.secret_hash is not null) as "hasSecret",
            i.state, i.last_error as "lastError", ${beijing('i.last_error_at')} as "lastErrorAt", ${beijing('i.last_message_at')} as "lastMessageAt",
            coalesce(d.messages, 0) as "messagesToday", coalesce(d.errors, 0) as "errorsToday", i.version
     from integrations i
     left join integration_daily d on d.integration_id = i.id and d.day = (now() at time zone 'Asia/Shanghai')::date
     order by i.id`,
  );
  return rows.map((row) => ({ ...row, webhookPath: webhookPath(row.id, row.kind) }));
}

/** Messages through an integration, counted on the Beijing day of `at` (the last of them); an error also kept as its last. */
export async function countIntegrationMessages(db: Queryable, id: number, at: Date, counts: { messages: number; errors: number; lastError: string | null }): Promise<void> {
  await db.query(
    `with counted as (
       insert into integration_daily as d (integration_id, day, messages, errors) values ($1, ($2::timestamptz at time zone 'Asia/Shanghai')::date, $3, $4)
       on conflict (integration_id, day) do update set messages = d.messages + excluded.messages, errors = d.errors + excluded.errors
     )
     update integrations set last_message_at = greatest(last_message_at, $2::timestamptz),
       last_error = coalesce($5, last_error), last_error_at = case when $5 is null then last_error_at else $2::timestamptz end
     where id = $1`,
    [id, at.toISOString(), counts.messages, counts.errors, counts.lastError],
  );
}

/** The connection's state as the subscriber sees it, and its last error. */
export async function setIntegrationState(db: Queryable, id: number, state: string, error: string | null = null): Promise<void> {
  await db.query(
    `update integrations set state = $2, last_error = coalesce($3, last_error), last_error_at = case when $3 is null then last_error_at else now() end where id = $1`,
    [id, state, error],
  );
}
