import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditObjectType, NotifyEndpoints, NotifyMessages, type NotifyChannel, type NotifyRule } from '@pest/shared';
import { auditedRemoval, auditedSave, type AuditedKind } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { requestScope, type Scope } from '../scope.ts';
import type { ChannelSender } from './channel-send.ts';
import { channelTargets, deleteChannel, listChannels, saveChannel } from './channels.ts';
import { deliveryLog } from './delivery-log.ts';
import type { AllowedHosts } from '../common/outbound-guard.ts';
import { deleteRule, listRules, saveRule } from './rules.ts';
import type { SecretBox } from '../common/secret-box.ts';
import { testNotice } from './test-notice.ts';

export interface NotifyRouteOptions {
  db: Db;
  box: SecretBox;
  allowedHosts: AllowedHosts;
  send: ChannelSender;
  /** How long 发送测试 waits for the receiver: less than the request's own deadline, so the user hears why. */
  testTimeoutMs: number;
  /** 告警中心's address, for the links in messages. */
  alarmCenterUrl: string;
}

/** A channel as its list shows it (its address's key masked, only whether it has a secret), whoever's it is. */
const auditedChannel = (scope: Scope): AuditedKind<NotifyChannel> => ({
  objectType: AuditObjectType.notifyChannel,
  read: async (tx, id) => (await listChannels(tx, scope)).find((channel) => channel.id === id) ?? null,
  ownerOf: (channel) => channel.organisationId,
});

const auditedRule = (scope: Scope): AuditedKind<NotifyRule> => ({
  objectType: AuditObjectType.notifyRule,
  read: async (tx, id) => (await listRules(tx, scope, id))[0] ?? null,
  ownerOf: (rule) => rule.organisationId,
});

/**
 * 通知设置 and 通知记录: channels, rules, the delivery log, and 发送测试. A customer's manager works
 * with his own customer's channels and rules only; provider staff see everyone's.
 */
export const notifyRoutes: FastifyPluginAsyncTypebox<NotifyRouteOptions> = async (app, { db, box, allowedHosts, send, testTimeoutMs, alarmCenterUrl }) => {
  endpointRoute(app, NotifyEndpoints.channelList, async (request) => ok(await listChannels(db, requestScope(request))));

  endpointRoute(app, NotifyEndpoints.channelSave, async (request) => {
    const scope = requestScope(request);
    const { body } = request;
    const saved = await auditedSave(db, request, auditedChannel(scope), body.id, async (tx) => (await saveChannel(tx, scope, body, { box, allowedHosts })).id, body.secret === undefined ? [] : ['secret']);
    return ok(saved.record);
  });

  endpointRoute(app, NotifyEndpoints.channelDelete, async (request) => {
    const scope = requestScope(request);
    await auditedRemoval(db, request, auditedChannel(scope), request.body.id, (tx) => deleteChannel(tx, scope, request.body.id));
    return ok(null);
  });

  endpointRoute(app, NotifyEndpoints.channelTest, async (request) => {
    const [channel] = await channelTargets(db, requestScope(request), [request.body.id]);
    if (!channel) throw new ApiError(404, NotifyMessages.channelNotFound);
    const [delivery] = await db.query<{ id: string; key: string }>(
      `insert into notify_deliveries (channel_id, reason, status, attempts, due_at) values ($1, 'test', 'sending', 1, now())
       returning id::text, idempotency_key::text as key`,
      [channel.id],
    );
    const result = await send(channel, testNotice(alarmCenterUrl, new Date()), { id: delivery!.id, idempotencyKey: delivery!.key }, testTimeoutMs);
    await db.query(
      `update notify_deliveries set status = $2, sent_at = case when $3 then now() end, last_error = case when $3 then null else $4 end, response = $4
       where id = $1`,
      [delivery!.id, result.ok ? 'sent' : 'failed', result.ok, result.detail],
    );
    return ok(result);
  });

  endpointRoute(app, NotifyEndpoints.ruleList, async (request) => ok(await listRules(db, requestScope(request))));

  endpointRoute(app, NotifyEndpoints.ruleSave, async (request) => {
    const scope = requestScope(request);
    const saved = await auditedSave(db, request, auditedRule(scope), request.body.id, async (tx) => (await saveRule(tx, scope, request.body)).id);
    return ok(saved.record);
  });

  endpointRoute(app, NotifyEndpoints.ruleDelete, async (request) => {
    const scope = requestScope(request);
    await auditedRemoval(db, request, auditedRule(scope), request.body.id, (tx) => deleteRule(tx, scope, request.body.id));
    return ok(null);
  });

  endpointRoute(app, NotifyEndpoints.deliveryList, async (request) => ok(await deliveryLog(db, requestScope(request), request.body)));
};
