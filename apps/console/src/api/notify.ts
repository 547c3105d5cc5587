import { NotifyEndpoints, type DeliveryListBody, type NotifyDelivery, type Page } from '@pest/shared';
import { call, type RequestOptions } from './http.ts';

/** Notification calls (issue 17): channels, rules, 发送测试 and the delivery log. */

/** Tables show their own spinner; the page-wide overlay stays away. */
const OWN_SPINNER: RequestOptions = { skipLoading: true };

export type DeliveryPage = Page<NotifyDelivery>;

export const fetchChannels = (signal?: AbortSignal) => call(NotifyEndpoints.channelList, undefined, { ...OWN_SPINNER, signal });

/** The receiver's answer or why nothing arrived; a refusal is a result to show in the row, not an error. */
export const testChannel = (id: number) => call(NotifyEndpoints.channelTest, { id }, OWN_SPINNER);

export const fetchRules = (signal?: AbortSignal) => call(NotifyEndpoints.ruleList, undefined, { ...OWN_SPINNER, signal });

export const fetchDeliveries = (body: DeliveryListBody, signal?: AbortSignal) => call(NotifyEndpoints.deliveryList, body, { ...OWN_SPINNER, signal });
