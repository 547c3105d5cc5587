import {
  NotifyPaths,
  type ChannelSaveBody,
  type ChannelTestResult,
  type DeliveryListBody,
  type NotifyChannel,
  type NotifyDelivery,
  type NotifyRule,
  type Page,
  type RuleSaveBody,
} from '@pest/shared';
import { request, http, underApi, type RequestOptions } from './http.ts';

/** Notification calls (issue 17): channels, rules, 发送测试 and the delivery log. */

/** Tables show their own spinner; the page-wide overlay stays away. */
const OWN_SPINNER: RequestOptions = { skipLoading: true };

export type DeliveryPage = Page<NotifyDelivery>;

export const fetchChannels = (signal?: AbortSignal) => http.post<NotifyChannel[]>(underApi(NotifyPaths.channelList), {}, { ...OWN_SPINNER, signal });

/**
 * Sent as JSON text so the client's compaction leaves it alone: an empty `secret` is a value (it
 * removes the secret), not an absent filter. A refusal of one field (an address not allowed) is
 * shown by the form under that field.
 */
export const saveChannel = (body: ChannelSaveBody) =>
  request<NotifyChannel>(
    { method: 'post', url: underApi(NotifyPaths.channelSave), data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    { showsFieldRefusals: true },
  );

export const deleteChannel = (id: number) => http.post<null>(underApi(NotifyPaths.channelDelete), { id });

/** The receiver's answer or why nothing arrived; a refusal is a result to show in the row, not an error. */
export const testChannel = (id: number) => http.post<ChannelTestResult>(underApi(NotifyPaths.channelTest), { id }, OWN_SPINNER);

export const fetchRules = (signal?: AbortSignal) => http.post<NotifyRule[]>(underApi(NotifyPaths.ruleList), {}, { ...OWN_SPINNER, signal });

/** JSON text for the same reason as saveChannel: `quietHours: null` and empty lists clear a field. */
export const saveRule = (body: RuleSaveBody) =>
  request<NotifyRule>({ method: 'post', url: underApi(NotifyPaths.ruleSave), data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

export const deleteRule = (id: number) => http.post<null>(underApi(NotifyPaths.ruleDelete), { id });

export const fetchDeliveries = (body: DeliveryListBody, signal?: AbortSignal) =>
  http.post<DeliveryPage>(underApi(NotifyPaths.deliveryList), body, { ...OWN_SPINNER, signal });
