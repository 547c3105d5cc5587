import { useMemo } from 'react';
import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { AuditPackState, AuditPackStatus } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { isPackActive, packSize } from './auditPackList.ts';

const STATE_COLORS: Record<AuditPackState, string> = { queued: 'gray', running: 'arcoblue', done: 'green', failed: 'red', cancelled: 'gray' };

interface AuditPackTableProps {
  packs: readonly AuditPackStatus[];
  loading: boolean;
  onCancel(pack: AuditPackStatus): void;
}

/** The user's recent packs (the list call, kept live), each with its download or cancel. */
export function AuditPackTable({ packs, loading, onCancel }: AuditPackTableProps) {
  const { t } = useTranslation(['auditPack']);
  const columns = useMemo((): DataColumn<AuditPackStatus>[] => {
    const stores = (row: AuditPackStatus) => row.customerNames.join('、');
    const period = (row: AuditPackStatus) => `${row.startDate} ~ ${row.endDate}`;
    const stateText = (row: AuditPackStatus) =>
      `${t(`auditPack:stateLabel.${row.state}`)}${isPackActive(row) && row.total > 0 ? ` ${row.done}/${row.total}` : ''}`;
    return [
      { key: 'stores', title: t('auditPack:stores'), width: 160, pin: 'left', cellText: stores, render: (_, row) => stores(row) },
      { key: 'period', title: t('auditPack:period'), width: 180, cellText: period, render: (_, row) => period(row) },
      {
        key: 'state',
        title: t('auditPack:state'),
        width: 100,
        cellText: stateText,
        cellExtra: 16,
        render: (_, row) => (
          <Tag color={STATE_COLORS[row.state]} data-testid="audit-pack-state" title={row.error ?? undefined}>
            {stateText(row)}
          </Tag>
        ),
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('auditPack:createdAt'), width: 160, cellText: (row) => row.createdAt },
      { key: 'size', title: t('auditPack:size'), width: 80, cellText: (row) => packSize(row.bytes), render: (_, row) => packSize(row.bytes) },
      {
        key: 'actions',
        title: t('auditPack:actions'),
        width: 110,
        pin: 'right',
        render: (_, row) => (
          <span>
            {row.downloadUrl && (
              <Button type="text" size="mini" href={row.downloadUrl} aria-label={t('auditPack:downloadNamed', { id: row.id })} data-testid="audit-pack-row-download">
                {t('auditPack:download')}
              </Button>
            )}
            {isPackActive(row) && (
              <Popconfirm title={t('auditPack:cancelConfirm')} onOk={() => onCancel(row)}>
                <Button type="text" size="mini" status="danger" data-testid="audit-pack-row-cancel">
                  {t('auditPack:cancel')}
                </Button>
              </Popconfirm>
            )}
          </span>
        ),
      },
    ];
    // onCancel changes only with the page, as t does with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t]);

  return (
    <DataTable<AuditPackStatus>
      tableId="auditPacks"
      testId="audit-pack-table"
      rowKey="id"
      columns={columns}
      data={packs}
      loading={loading}
      pagination={false}
      emptyText={t('auditPack:empty')}
      rowAttributes={(row) => ({ 'data-testid': 'audit-pack-row', 'data-pack-id': String(row.id) })}
    />
  );
}
