import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_TEXTS, auditActionText, auditChangeLines, auditObjectText, type AuditEntry } from '@pest/shared';
import { interfaceLanguage } from '../../api/language.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import './auditLog.css';

/** The entries: when and who first (pinned), then what was done to which object, and what changed, a line a field. */
export function AuditTable({ rows, loading }: { rows: readonly AuditEntry[]; loading: boolean }) {
  // The words are the export's (AUDIT_TEXTS); the hook re-renders the table when the language changes.
  const { i18n } = useTranslation();
  const columns = useMemo((): DataColumn<AuditEntry>[] => {
    const language = interfaceLanguage();
    const title = (column: keyof typeof AUDIT_TEXTS.columns) => AUDIT_TEXTS.columns[column][language];
    const lines = (row: AuditEntry) => auditChangeLines(row.changes, language);
    const objectText = (row: AuditEntry) => auditObjectText(row.objectType, row.objectId, language);
    const actionText = (row: AuditEntry) => auditActionText(row.action, language);
    return [
      { key: 'time', dataIndex: 'time', title: title('time'), width: 150, pin: 'left', cellText: (row) => row.time },
      { key: 'user', title: title('user'), width: 90, cellText: (row) => row.userName, render: (_, row) => row.userName },
      { key: 'address', dataIndex: 'address', title: title('address'), width: 110, cellText: (row) => row.address },
      { key: 'object', title: title('object'), width: 120, cellText: objectText, render: (_, row) => objectText(row) },
      { key: 'action', title: title('action'), width: 60, cellText: actionText, render: (_, row) => actionText(row) },
      {
        key: 'changes',
        title: title('changes'),
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is read through interfaceLanguage()
  }, [i18n.language]);

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
