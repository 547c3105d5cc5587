import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChannelListResponse,
  ChannelResponse,
  ChannelSaveBody,
  ChannelTestResponse,
  DeliveryListBody,
  DeliveryListResponse,
  NotifyDeleteResponse,
  NotifyIdBody,
  NotifyMessages,
  NotifyPaths,
  RuleListResponse,
  RuleResponse,
  RuleSaveBody,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import type { ChannelSender } from './channel-send.ts';
import { channelTargets, deleteChannel, listChannels, saveChannel } from './channels.ts';
import { deliveryLog } from './delivery-log.ts';
import type { AllowedHosts } from './outbound-guard.ts';
import { deleteRule, listRules, saveRule } from './rules.ts';
import type { SecretBox } from './secret-box.ts';
import { testNotice } from './test-notice.ts';

const tags = ['notifications'];

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
  const errors = protectedErrors;

  app.post(
    underApi(NotifyPaths.channelList),
    { schema: { tags, summary: 'The notification channels the user may use', description: 'Secrets are never returned: hasSecret says whether one is set; keys in a robot URL are masked.', response: { 200: ChannelListResponse, ...errors } } },
    async (request) => ok(await listChannels(db, requestScope(request))),
  );

  app.post(
    underApi(NotifyPaths.channelSave),
    {
      schema: {
        tags,
        summary: 'Create (no id) or edit a channel',
        description:
          'url: https (http only for NOTIFY_ALLOWED_HOSTS), never a private or loopback address unless allowed; required for wecom, dingtalk, webhook. ' +
          'to: recipients, required for email. secret: write-only; absent on an edit keeps it, empty removes it.',
        body: ChannelSaveBody,
        response: { 200: ChannelResponse, ...errors },
      },
    },
    async (request) => ok(await saveChannel(db, requestScope(request), request.body, { box, allowedHosts })),
  );

  app.post(
    underApi(NotifyPaths.channelDelete),
    { schema: { tags, summary: 'Delete a channel no rule uses', body: NotifyIdBody, response: { 200: NotifyDeleteResponse, ...errors } } },
    async (request) => {
      await deleteChannel(db, requestScope(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    underApi(NotifyPaths.channelTest),
    {
      schema: {
        tags,
        summary: 'Send a test message through a channel now',
        description:
          "Answers with the receiver's answer or the error (a receiver that does not answer in time: that it did not, with the seconds waited); the attempt is logged in 通知记录.",
        body: NotifyIdBody,
        response: { 200: ChannelTestResponse, ...errors },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    underApi(NotifyPaths.ruleList),
    { schema: { tags, summary: 'The notification rules the user may see', response: { 200: RuleListResponse, ...errors } } },
    async (request) => ok(await listRules(db, requestScope(request))),
  );

  app.post(
    underApi(NotifyPaths.ruleSave),
    {
      schema: {
        tags,
        summary: 'Create (no id) or edit a rule',
        description:
          'customerIds and storeIds within the user\'s scope (stores under those nodes); types and severities empty: all; ' +
          'quietHours in China time, start after end runs past midnight; escalateAfterMinutes and escalationChannelIds together or neither.',
        body: RuleSaveBody,
        response: { 200: RuleResponse, ...errors },
      },
    },
    async (request) => ok(await saveRule(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(NotifyPaths.ruleDelete),
    { schema: { tags, summary: 'Delete a rule', body: NotifyIdBody, response: { 200: NotifyDeleteResponse, ...errors } } },
    async (request) => {
      await deleteRule(db, requestScope(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    underApi(NotifyPaths.deliveryList),
    {
      schema: {
        tags,
        summary: '通知记录: deliveries through the user\'s channels, newest first',
        description: 'startDate/endDate are Beijing days of creation, both included.',
        body: DeliveryListBody,
        response: { 200: DeliveryListResponse, ...errors },
      },
    },
    async (request) => ok(await deliveryLog(db, requestScope(request), request.body)),
  );
};
