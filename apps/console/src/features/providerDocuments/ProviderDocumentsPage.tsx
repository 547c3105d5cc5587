import { useMemo, useState } from 'react';
import { Button, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProviderDocumentEndpoints, type ProviderDocument } from '@pest/shared';
import { providerDocumentKeys, providerDocumentQueries } from '../../api/providerDocuments.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { EditDeleteActions } from '../../components/EditDeleteActions/index.ts';
import { usePhotoDialog } from '../../components/PhotoDialog/index.ts';
import { useSession } from '../../session/session.ts';
import { DocumentDialog } from './DocumentDialog.tsx';
import './providerDocuments.css';

/** What the dialog shows: nothing, a new document, or one to edit. */
type Editing = { document?: ProviderDocument } | null;

/**
 * 资质文件 (issue 22): the provider's licences with their validity, which customers' managers
 * read for their audits; only provider staff (no customer) add, edit or delete, as the server allows.
 */
export function ProviderDocumentsPage() {
  const { t } = useTranslation(['documents']);
  const queryClient = useQueryClient();
  const documents = useQuery(providerDocumentQueries.list());
  const staff = useSession().user?.customerId === null;
  const [editing, setEditing] = useState<Editing>(null);
  const photos = usePhotoDialog();

  const changed = () => void queryClient.invalidateQueries({ queryKey: providerDocumentKeys.all });
  const removal = useEndpointMutation(ProviderDocumentEndpoints.delete, {
    success: () => t('documents:deleted'),
    invalidates: () => [providerDocumentKeys.all],
  });
  const remove = (document: ProviderDocument) => removal.mutate({ id: document.id });

  const columns = useMemo((): DataColumn<ProviderDocument>[] => {
    const validity = (row: ProviderDocument) => `${row.validFrom} ~ ${row.validTo ?? t('documents:noEnd')}`;
    const list: DataColumn<ProviderDocument>[] = [
      { key: 'name', dataIndex: 'name', title: t('documents:name'), width: 160, pin: 'left', cellText: (row) => row.name },
      { key: 'kind', title: t('documents:kind'), width: 120, cellText: (row) => t(`documents:kindLabel.${row.kind}`), render: (_, row) => t(`documents:kindLabel.${row.kind}`) },
      {
        key: 'validity',
        title: t('documents:validity'),
        width: 200,
        cellText: validity,
        cellExtra: 64,
        render: (_, row) => (
          <span className="documents-validity">
            {validity(row)}
            <Tag size="small" color={row.validNow ? 'green' : 'gray'} data-testid="document-state">
              {row.validNow ? t('documents:valid') : t('documents:expired')}
            </Tag>
          </span>
        ),
      },
      { key: 'createdBy', title: t('documents:createdBy'), width: 100, cellText: (row) => row.createdByName ?? '', render: (_, row) => row.createdByName ?? '' },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('documents:createdAt'), width: 160, cellText: (row) => row.createdAt },
      {
        key: 'file',
        title: t('documents:file'),
        width: 70,
        render: (_, row) => (
          <Button type="text" size="mini" onClick={() => photos.open(row.name, [row.fileUrl])} data-testid="document-view">
            {t('documents:view')}
          </Button>
        ),
      },
    ];
    if (!staff) return list;
    return [
      ...list,
      {
        key: 'actions',
        title: t('documents:actions'),
        width: 110,
        pin: 'right',
        render: (_, row) => (
          <EditDeleteActions
            editLabel={t('documents:edit')}
            deleteLabel={t('documents:delete')}
            confirm={t('documents:deleteConfirm', { name: row.name })}
            onEdit={() => setEditing({ document: row })}
            onDelete={() => remove(row)}
            testId="document"
          />
        ),
      },
    ];
    // remove and photos.open change only with the language, as t does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, staff]);

  return (
    <div className="documents-page" data-testid="provider-documents">
      {staff && (
        <div className="documents-toolbar">
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({})} data-testid="document-add">
            {t('documents:add')}
          </Button>
        </div>
      )}
      <DataTable<ProviderDocument>
        tableId="providerDocuments"
        testId="document-table"
        rowKey="id"
        columns={columns}
        data={documents.data ?? []}
        loading={documents.isFetching}
        pagination={false}
      />
      {photos.dialog}
      {editing && (
        <DocumentDialog
          editing={editing.document}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </div>
  );
}
