import { useMemo, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IntegrationEndpoints, type Integration, type IntegrationSaved } from '@pest/shared';
import { integrationKeys, integrationQueries } from '../../api/integrations.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { IntegrationDialog } from './IntegrationDialog.tsx';
import { IntegrationSecretDialog } from './IntegrationSecretDialog.tsx';
import { integrationColumns } from './integrationColumns.tsx';
import './integrations.css';

const NO_INTEGRATIONS: Integration[] = [];

/**
 * 设备接入: the network servers the provider's devices report through, and whether each is working
 * (connected, its last error, today's messages and errors). Integrations are disabled, not deleted:
 * their uplinks keep naming them.
 */
export function IntegrationsPage() {
  const { t } = useTranslation(['connectivity', 'route']);
  const list = useQuery(integrationQueries.list());
  // An integration to edit, null for a new one; undefined: the dialog is shut.
  const [editing, setEditing] = useState<Integration | null | undefined>(undefined);
  // What a new webhook or a reset secret answered, shown once.
  const [shown, setShown] = useState<IntegrationSaved | null>(null);
  // A reset changes the row's version: the list is asked again so an edit after it is not refused.
  const rotation = useEndpointMutation(IntegrationEndpoints.rotateSecret, { invalidates: () => [integrationKeys.all] });

  const columns = useMemo(
    () => integrationColumns(t, { edit: setEditing, rotateSecret: (row) => rotation.mutate({ id: row.id }, { onSuccess: setShown }) }),
    // The mutation's mutate function is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  return (
    <ListScreen
      testId="integrations-page"
      title={t('route:integrations')}
      extra={
        <div className="integrations-toolbar">
          <Button icon={<IconRefresh />} onClick={() => void list.refetch()} data-testid="integration-refresh">
            {t('connectivity:refresh')}
          </Button>
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="integration-add">
            {t('connectivity:integrationAdd')}
          </Button>
        </div>
      }
    >
      <DataTable<Integration>
        tableId="integrations"
        testId="integration-table"
        rowKey="id"
        columns={columns}
        data={list.data ?? NO_INTEGRATIONS}
        loading={list.isFetching}
        pagination={false}
      />
      {editing !== undefined && (
        <IntegrationDialog
          editing={editing ?? undefined}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            if (saved.secret || saved.webhookUrl) setShown(saved);
          }}
        />
      )}
      <IntegrationSecretDialog shown={shown} onClose={() => setShown(null)} />
    </ListScreen>
  );
}
