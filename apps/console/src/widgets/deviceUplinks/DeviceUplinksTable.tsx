import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLINK_RETENTION_DAYS, type UplinkListBody, type UplinkRecord } from '@pest/shared';
import { uplinkQueries } from '../../api/uplinks.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { uplinkColumns } from './uplinkColumns.tsx';
import './deviceUplinks.css';

const PAGE_SIZES = [20, 50, 100] as const;
/** Short enough to sit under the device's other panels without a scroll of its own taking the page. */
const TABLE_HEIGHT = 420;

/**
 * 原始数据: a device's raw uplinks, newest first, a page at a time: what the network server
 * delivered and what the model's codec made of it, so a wrong reading can be traced to its bytes.
 */
export function DeviceUplinksTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation(['connectivity']);
  const [paging, setPaging] = useState<Omit<UplinkListBody, 'id'>>({ current: 1, size: PAGE_SIZES[0] });
  const page = useQuery({ ...uplinkQueries.device({ id: deviceId, ...paging }), placeholderData: keepPreviousData });
  const columns = useMemo(() => uplinkColumns(t), [t]);
  const records: UplinkRecord[] = page.data?.records ?? [];

  return (
    <div className="device-uplinks" data-testid="device-uplinks">
      <p className="device-uplinks-note">{t('connectivity:rawUplinksNote', { days: UPLINK_RETENTION_DAYS })}</p>
      <DataTable<UplinkRecord>
        tableId="deviceUplinks"
        testId="device-uplinks-table"
        rowKey="id"
        columns={columns}
        data={records}
        height={TABLE_HEIGHT}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
      />
      <TablePagination
        current={paging.current}
        pageSize={paging.size}
        total={page.data?.total ?? 0}
        sizeOptions={PAGE_SIZES}
        onChange={(current, size) => setPaging((before) => ({ current: size === before.size ? current : 1, size }))}
        testId="device-uplinks-pagination"
      />
    </div>
  );
}
