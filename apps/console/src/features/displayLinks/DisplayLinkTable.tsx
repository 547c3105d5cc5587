import { useMemo } from 'react';
import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DISPLAY_HEARTBEAT_MS, type DisplayLink, type DisplayLinkState } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';

const STATE_COLOURS: Record<DisplayLinkState, string> = { active: 'green', expired: 'orange', revoked: 'gray' };
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const timeText = (iso: string) => dayjs(iso).format(TIME_FORMAT);

interface DisplayLinkTableProps {
  links: readonly DisplayLink[];
  loading: boolean;
  onEdit(link: DisplayLink): void;
  /** Settles when the revocation has; the confirmation shows it loading until then. */
  onRevoke(link: DisplayLink): Promise<void>;
  /** Asks the server for the link's address again (recorded), then shows it. */
  onCopyAgain(link: DisplayLink): Promise<void>;
}

/** The links of the user's scope: what each shows, until when, which screens use it from where, and who copied it again. */
export function DisplayLinkTable({ links, loading, onEdit, onRevoke, onCopyAgain }: DisplayLinkTableProps) {
  const { t } = useTranslation(['display']);
  const columns = useMemo((): DataColumn<DisplayLink>[] => {
    const lastSeen = (row: DisplayLink) => (row.lastSeenAt ? `${timeText(row.lastSeenAt)} · ${row.lastSeenAddress ?? t('display:none')}` : t('display:lastSeenNever'));
    const expiry = (row: DisplayLink) => (row.expiresAt ? timeText(row.expiresAt) : t('display:never'));
    const copies = (row: DisplayLink) =>
      row.lastCopiedAt ? t('display:copiesValue', { count: row.copies, name: row.lastCopiedByName ?? t('display:none'), time: timeText(row.lastCopiedAt) }) : t('display:none');
    return [
      { key: 'name', dataIndex: 'name', title: t('display:name'), width: 120, maxWidth: 240, pin: 'left', cellText: (row) => row.name },
      {
        key: 'scopes',
        title: t('display:scopes'),
        width: 160,
        flexible: true,
        render: (_, row) => (
          <span className="display-scope-tags">
            {row.scopes.map((scope, index) => (
              <Tag key={index} size="small">
                {scope.label}
              </Tag>
            ))}
          </span>
        ),
      },
      {
        key: 'dwell',
        title: t('display:dwell'),
        width: 90,
        align: 'right',
        render: (_, row) => (row.scopes.length > 1 ? t('display:dwellValue', { seconds: row.dwellSeconds }) : t('display:none')),
      },
      { key: 'expiresAt', title: t('display:expiresAt'), width: 140, cellText: expiry, render: (_, row) => expiry(row) },
      {
        key: 'state',
        title: t('display:stateTitle'),
        width: 80,
        render: (_, row) => (
          <Tag color={STATE_COLOURS[row.state]} size="small" data-testid="display-state" data-state={row.state}>
            {t(`display:state.${row.state}`)}
          </Tag>
        ),
      },
      { key: 'lastSeen', title: t('display:lastSeen'), width: 160, cellText: lastSeen, render: (_, row) => lastSeen(row) },
      {
        key: 'screens',
        dataIndex: 'screens',
        title: t('display:screens'),
        width: 100,
        align: 'right',
        render: (_, row) => <span data-testid="display-screens">{row.screens}</span>,
      },
      { key: 'creator', dataIndex: 'createdByName', title: t('display:creator'), width: 90, cellText: (row) => row.createdByName },
      {
        key: 'copies',
        title: t('display:copies'),
        width: 170,
        cellText: copies,
        render: (_, row) => <span data-testid="display-copies">{copies(row)}</span>,
      },
      {
        key: 'actions',
        title: t('display:actions'),
        width: 210,
        pin: 'right',
        render: (_, row) =>
          row.state === 'revoked' ? (
            t('display:none')
          ) : (
            <span className="display-actions">
              <Button type="text" size="mini" onClick={() => onEdit(row)} data-testid="display-edit">
                {t('display:edit')}
              </Button>
              <Button
                type="text"
                size="mini"
                disabled={!row.copyable}
                title={row.copyable ? undefined : t('display:notCopyable')}
                onClick={() => void onCopyAgain(row)}
                data-testid="display-copy-again"
              >
                {t('display:copyAgain')}
              </Button>
              <Popconfirm title={t('display:revokeConfirm', { name: row.name, seconds: DISPLAY_HEARTBEAT_MS / 1000 })} onOk={() => onRevoke(row)}>
                <Button type="text" size="mini" status="danger" data-testid="display-revoke">
                  {t('display:revoke')}
                </Button>
              </Popconfirm>
            </span>
          ),
      },
    ];
  }, [t, onEdit, onRevoke, onCopyAgain]);

  return (
    <DataTable<DisplayLink>
      tableId="displayLinks"
      testId="display-table"
      rowKey="id"
      columns={columns}
      data={links}
      loading={loading}
      pagination={false}
      emptyText={t('display:empty')}
      rowAttributes={(row) => ({ 'data-testid': 'display-row', 'data-link-id': row.id })}
    />
  );
}
