import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotifyEndpoints, NotifyMessages } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import type { ChannelSender } from './channel-send.ts';
import { channelTargets, deleteChannel, listChannels, saveChannel } from './channels.ts';
import { deliveryLog } from './delivery-log.ts';
import type { AllowedHosts } from './outbound-guard.ts';
import { deleteRule, listRules, saveRule } from './rules.ts';
import type { SecretBox } from './secret-box.ts';
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

/**
 * 通知设置 and 通知记录: channels, rules, the delivery log, and 发送测试. A customer's manager works
 * with his own customer's channels and rules only; provider staff see everyone's.
 */
export const notifyRoutes: FastifyPluginAsyncTypebox<NotifyRouteOptions> = async (app, { db, box, allowedHosts, send, testTimeoutMs, alarmCenterUrl }) => {
  endpointRoute(app, NotifyEndpoints.channelList, async (request) => ok(await listChannels(db, requestScope(request))));

  endpointRoute(app, NotifyEndpoints.channelSave, async (request) => ok(await saveChannel(db, requestScope(request), request.body, { box, allowedHosts })));

  endpointRoute(app, NotifyEndpoints.channelDelete, async (request) => {
    await deleteChannel(db, requestScope(request), request.body.id);
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

  endpointRoute(app, NotifyEndpoints.ruleSave, async (request) => ok(await saveRule(db, requestScope(request), request.body)));

  endpointRoute(app, NotifyEndpoints.ruleDelete, async (request) => {
    await deleteRule(db, requestScope(request), request.body.id);
    return ok(null);
  });

  endpointRoute(app, NotifyEndpoints.deliveryList, async (request) => ok(await deliveryLog(db, requestScope(request), request.body)));
};
