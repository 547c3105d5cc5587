import { NotifyMessages, type ChannelSaveBody, type ChannelType, type NotifyChannel } from '@pest/shared';
import { sqlServiceTime } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { checkUrlShape, type AllowedHosts } from '../common/outbound-guard.ts';
import { lockForEdit } from '../common/edit-version.ts';
import { ownedInScope, ownerOf } from '../common/owner.ts';
import type { SecretBox } from '../common/secret-box.ts';

/** A channel as the sender needs it: the real address and the sealed secret. Never returned. */
export interface ChannelTarget {
  id: number;
  type: ChannelType;
  name: string;
  url: string | null;
  sealedSecret: string | null;
  recipients: string[];
}

/** Query parameters that carry a robot's credentials (WeCom key, DingTalk access_token): masked when shown. */
const CREDENTIAL_PARAMS = /^(key|access_token|token|secret|sign)$/i;

/** The address as shown: any credential in its query replaced, so a screen never shows the robot's key. */
export function maskedUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) if (CREDENTIAL_PARAMS.test(name)) parsed.searchParams.set(name, '****');
  if (parsed.password) parsed.password = '****';
  return parsed.toString();
}

const SELECT = `select c.id, c.version, c.type, c.name, c.url, c.secret as "sealedSecret", c.recipients, c.owner_customer_id as "ownerCustomerId",
                       ${sqlServiceTime('c.created_at')} as "createTime"
                from notify_channels c`;

type Row = ChannelTarget & { version: number; ownerCustomerId: number | null; createTime: string };

const shown = (row: Row): NotifyChannel => ({
  id: row.id,
  version: row.version,
  type: row.type,
  name: row.name,
  url: row.url === null ? null : maskedUrl(row.url),
  hasSecret: row.sealedSecret !== null,
  to: row.recipients,
  organisationId: row.ownerCustomerId,
  createTime: row.createTime,
});

export async function listChannels(db: Queryable, scope: Scope): Promise<NotifyChannel[]> {
  const params = new SqlParams();
  const rows = await db.query<Row>(`${SELECT} where c.removed_at is null and ${ownedInScope(scope, 'c.owner_customer_id', params)} order by c.id`, params.values);
  return rows.map(shown);
}

/** The channels of these ids the user may use; a missing or removed one is simply absent. */
export async function channelTargets(db: Queryable, scope: Scope | null, ids: readonly number[]): Promise<ChannelTarget[]> {
  const params = new SqlParams();
  const owned = scope ? ownedInScope(scope, 'c.owner_customer_id', params) : 'true';
  return db.query<Row>(`${SELECT} where c.id = any(${params.add(ids)}::int[]) and c.removed_at is null and ${owned} order by c.id`, params.values);
}

export interface ChannelSaving {
  box: SecretBox;
  allowedHosts: AllowedHosts;
}

/** Creates or edits a channel. On an edit an absent url or secret keeps the one set; an empty secret removes it. */
export async function saveChannel(db: Queryable, scope: Scope, body: ChannelSaveBody, { box, allowedHosts }: ChannelSaving): Promise<NotifyChannel> {
  const existing = body.id === undefined ? null : ((await channelTargets(db, scope, [body.id]))[0] ?? null);
  if (body.id !== undefined && !existing) throw new ApiError(404, NotifyMessages.channelNotFound);
  const isEmail = body.type === 'email';
  const url = isEmail ? null : (body.url ?? (existing?.type === body.type ? existing.url : null));
  const recipients = isEmail ? (body.to ?? (existing?.type === 'email' ? existing.recipients : [])) : [];
  if (!isEmail && !url) throw new ApiError(400, NotifyMessages.urlRequired, 'url');
  if (isEmail && recipients.length === 0) throw new ApiError(400, NotifyMessages.recipientsRequired, 'to');
  if (url) {
    const shape = checkUrlShape(url, allowedHosts);
    if (!shape.ok) throw new ApiError(400, shape.reason, 'url');
  }
  const secret = body.secret === undefined ? (existing?.sealedSecret ?? null) : body.secret === '' ? null : box.seal(body.secret);

  const values = [body.type, body.name, url, secret, recipients];
  if (existing) await lockForEdit(db, 'notify_channels', existing.id, body.version);
  const [row] = existing
    ? await db.query<{ id: number }>(
        `update notify_channels set type = $1, name = $2, url = $3, secret = $4, recipients = $5, version = version + 1 where id = $6 returning id`,
        [...values, existing.id],
      )
    : await db.query<{ id: number }>(
        `insert into notify_channels (type, name, url, secret, recipients, owner_customer_id, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [...values, ownerOf(scope), scope.userId],
      );
  return (await listChannels(db, scope)).find((channel) => channel.id === row!.id)!;
}

/** Deletes a channel no rule uses; one in use is refused, so no rule silently loses where it sends. */
export async function deleteChannel(db: Queryable, scope: Scope, id: number): Promise<void> {
  const [channel] = await channelTargets(db, scope, [id]);
  if (!channel) throw new ApiError(404, NotifyMessages.channelNotFound);
  const [use] = await db.query<{ n: number }>(
    `select count(*)::int as n from notify_rules where removed_at is null and ($1 = any(channel_ids) or $1 = any(escalation_channel_ids))`,
    [id],
  );
  if (use!.n > 0) throw new ApiError(400, NotifyMessages.channelInUse);
  // Kept, removed: the delivery log still names where its deliveries went.
  await db.query('update notify_channels set removed_at = now() where id = $1', [id]);
}
