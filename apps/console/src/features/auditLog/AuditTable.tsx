import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { changeLines } from './auditLogQuery.ts';
import './auditLog.css';

/** The entries: when and who first (pinned), then what was done to which object, and what changed, a line a field. */
export function AuditTable({ rows, loading }: { rows: readonly AuditEntry[]; loading: boolean }) {
  const { t } = useTranslation(['audit']);
  const columns = useMemo((): DataColumn<AuditEntry>[] => {
    const fields = t('audit:fields', { returnObjects: true }) as Record<string, string>;
    const lines = (row: AuditEntry) => changeLines(row.changes, (field) => fields[field] ?? field);
    const objectText = (row: AuditEntry) => `${t(`audit:objectTypeLabel.${row.objectType}`, { defaultValue: row.objectType })} #${row.objectId}`;
    const actionText = (row: AuditEntry) => t(`audit:actionLabel.${row.action}`, { defaultValue: row.action });
    return [
      { key: 'time', dataIndex: 'time', title: t('audit:time'), width: 150, pin: 'left', cellText: (row) => row.time },
      { key: 'user', title: t('audit:user'), width: 90, cellText: (row) => row.userName, render: (_, row) => row.userName },
      { key: 'address', dataIndex: 'address', title: t('audit:address'), width: 110, cellText: (row) => row.address },
      { key: 'object', title: t('audit:object'), width: 120, cellText: objectText, render: (_, row) => objectText(row) },
      { key: 'action', title: t('audit:action'), width: 60, cellText: actionText, render: (_, row) => actionText(row) },
      {
        key: 'changes',
        title: t('audit:changes'),
        width: 240,
        flexible: true,
        cellText: lines,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => (
          <ul className="audit-changes" data-testid="audit-changes">
            {lines(row).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ),
      },
    ];
  }, [t]);

  return (
    <DataTable<AuditEntry>
      tableId="auditLog"
      testId="audit-table"
      rowKey="id"
      rowAttributes={(row) => ({ 'data-testid': 'audit-row', 'data-object-type': row.objectType, 'data-object-id': row.objectId, 'data-action': row.action })}
      columns={columns}
      data={rows}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
    />
  );
}
