import { useState } from 'react';
import { Button, DatePicker, Select } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, type DeliveryListBody, type DeliveryStatus } from '@pest/shared';
import type { DeliveryPage } from '../../api/notify.ts';
import { notifyQueries } from '../../api/notifyQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { DeliveryTable } from './DeliveryTable.tsx';
import { DELIVERY_PAGE_SIZES, FIRST_DELIVERY_PAGE, deliveryListBody, type DeliveryFilters } from './deliveryLogQuery.ts';
import './notifyLog.css';

/** Sends retry and finish by themselves: the log on screen follows them without a click. */
const REFRESH_MS = 10_000;
const NO_DELIVERIES: DeliveryPage = { total: 0, records: [] };

/** 通知记录 (issue 17): every delivery through the user's channels, newest first, with its state. */
export function NotifyLogPage() {
  const { t } = useTranslation(['notify', 'route']);
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const { request, submit, change } = useSubmittedRequest<DeliveryListBody>(FIRST_DELIVERY_PAGE, (next) => [notifyQueries.deliveryPage(next).queryKey]);
  const page = useQuery({ ...notifyQueries.deliveryPage(request), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
  const channels = useQuery(notifyQueries.channels());
  const set = (patch: DeliveryFilters) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <ListScreen
      testId="notify-log-page"
      title={t('route:notifyLog')}
      extra={<span className="list-screen-note">{t('notify:autoRefresh')}</span>}
      filters={
        <>
          <Select
            allowClear
            placeholder={t('notify:status')}
            value={filters.status}
            onChange={(status?: DeliveryStatus) => set({ status })}
            options={DELIVERY_STATUSES.map((status) => ({ value: status, label: t(`notify:deliveryStatus.${status}`) }))}
            data-testid="delivery-status-filter"
          />
          <Select
            allowClear
            placeholder={t('notify:channel')}
            value={filters.channelId}
            onChange={(channelId?: number) => set({ channelId })}
            options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
            data-testid="delivery-channel-filter"
          />
          <DatePicker.RangePicker
            className="list-screen-dates"
            format="YYYY-MM-DD"
            value={filters.dates}
            onChange={(dates?: string[]) => set({ dates: dates?.length === 2 ? [dates[0]!, dates[1]!] : undefined })}
            data-testid="delivery-dates"
          />
          <Button type="primary" icon={<IconSearch />} onClick={() => submit(deliveryListBody(filters, request.size))} data-testid="delivery-query">
            {t('notify:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters({});
              submit(deliveryListBody({}, request.size));
            }}
            data-testid="delivery-reset"
          >
            {t('notify:reset')}
          </Button>
        </>
      }
    >
      {/* A spinner for a new request, not for the refresh every 10 s, which would blink the table. */}
      <DeliveryTable rows={(page.data ?? NO_DELIVERIES).records} loading={page.isFetching && (page.isPending || page.isPlaceholderData)} />
      <TablePagination
        current={request.current}
        pageSize={request.size}
        total={(page.data ?? NO_DELIVERIES).total}
        sizeOptions={DELIVERY_PAGE_SIZES}
        onChange={(current, size) => change((shown) => ({ ...shown, current: size === shown.size ? current : 1, size }))}
        testId="delivery-pagination"
      />
    </ListScreen>
  );
}
