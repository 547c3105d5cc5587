import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  ChannelListResponse,
  ChannelResponse,
  ChannelSaveBody,
  ChannelTestResponse,
  DeliveryListBody,
  DeliveryListResponse,
  NotifyDeleteResponse,
  NotifyIdBody,
  NotifyPaths,
  RuleListResponse,
  RuleResponse,
  RuleSaveBody,
} from '../contract/notify.ts';

const tags = ['notifications'];

/**
 * 通知设置 and 通知记录: channels, rules, the delivery log, and 发送测试. A customer's manager works
 * with his own customer's channels and rules only; provider staff see everyone's.
 */
export const NotifyEndpoints = {
  channelList: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.channelList,
    response: ChannelListResponse,
    permission: Permission.notifyManage,
    tags,
    summary: 'The notification channels the user may use',
    description: 'Secrets are never returned: hasSecret says whether one is set; keys in a robot URL are masked.',
  }),
  channelSave: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.channelSave,
    input: ChannelSaveBody,
    response: ChannelResponse,
    refusals: [404, 409],
    permission: Permission.notifyManage,
    tags,
    summary: 'Create (no id) or edit a channel',
    description:
      'url: https (http only for NOTIFY_ALLOWED_HOSTS), never a private or loopback address unless allowed; required for wecom, dingtalk, webhook. ' +
      'to: recipients, required for email. secret: write-only; absent on an edit keeps it, empty removes it.',
  }),
  channelDelete: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.channelDelete,
    input: NotifyIdBody,
    response: NotifyDeleteResponse,
    permission: Permission.notifyManage,
    tags,
    summary: 'Delete a channel no rule uses',
  }),
  channelTest: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.channelTest,
    input: NotifyIdBody,
    response: ChannelTestResponse,
    // Waits on someone else's server, up to NOTIFY_TIMEOUT_MS and never past three quarters of the deadline.
    load: 'heavy',
    permission: Permission.notifyManage,
    tags,
    summary: 'Send a test message through a channel now',
    description:
      "Answers with the receiver's answer or the error (a receiver that does not answer in time: that it did not, with the seconds waited); the attempt is logged in 通知记录.",
  }),
  ruleList: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.ruleList,
    response: RuleListResponse,
    permission: Permission.notifyManage,
    tags,
    summary: 'The notification rules the user may see',
  }),
  ruleSave: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.ruleSave,
    input: RuleSaveBody,
    response: RuleResponse,
    refusals: [404, 409],
    permission: Permission.notifyManage,
    tags,
    summary: 'Create (no id) or edit a rule',
    description:
      "customerIds and storeIds within the user's scope (stores under those nodes); types and severities empty: all; " +
      'quietHours in China time, start after end runs past midnight; escalateAfterMinutes and escalationChannelIds together or neither.',
  }),
  ruleDelete: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.ruleDelete,
    input: NotifyIdBody,
    response: NotifyDeleteResponse,
    permission: Permission.notifyManage,
    tags,
    summary: 'Delete a rule',
  }),
  deliveryList: defineEndpoint({
    method: 'POST',
    path: NotifyPaths.deliveryList,
    input: DeliveryListBody,
    response: DeliveryListResponse,
    permission: Permission.notifyManage,
    tags,
    summary: "通知记录: deliveries through the user's channels, newest first",
    description: 'startDate/endDate are Beijing days of creation, both included.',
  }),
};
