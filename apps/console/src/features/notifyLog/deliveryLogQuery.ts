import type { DeliveryListBody, DeliveryStatus, NotifyDelivery } from '@pest/shared';

/** The log's filters as the form holds them; dates are China days 'YYYY-MM-DD'. */
export interface DeliveryFilters {
  status?: DeliveryStatus;
  channelId?: number;
  dates?: [string, string];
}

export const DELIVERY_PAGE_SIZES = [10, 20, 50, 100] as const;
export const FIRST_DELIVERY_PAGE: DeliveryListBody = { current: 1, size: DELIVERY_PAGE_SIZES[0] };

/** Page 1 of what the filters ask, at the page size on screen. */
export function deliveryListBody(filters: DeliveryFilters, size: number): DeliveryListBody {
  return {
    current: 1,
    size,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.channelId ? { channelId: filters.channelId } : {}),
    ...(filters.dates ? { startDate: filters.dates[0], endDate: filters.dates[1] } : {}),
  };
}

export type DeliveryReasonKey = 'single' | 'digest' | 'escalation' | 'test' | 'contract';

/** Why it was sent, as 通知记录 words it: one alarm, a digest of several, an escalation, 发送测试, or a contract near its end. */
export function reasonOf(delivery: Pick<NotifyDelivery, 'reason' | 'alarmIds'>): DeliveryReasonKey {
  if (delivery.reason === 'alarm') return delivery.alarmIds.length > 1 ? 'digest' : 'single';
  return delivery.reason;
}
