import { useMemo, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceModel } from '@pest/shared';
import { deviceModelQueries } from '../../api/deviceModels.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { DeviceModelDialog } from './DeviceModelDialog.tsx';
import { deviceModelColumns } from './deviceModelColumns.tsx';
import './deviceModels.css';

const NO_MODELS: DeviceModel[] = [];

/**
 * 设备型号: the boxes and gateways the provider buys, how often each reports (offline detection
 * waits on it) and the codec that turns its bytes into a reading. Models are never deleted: the
 * devices registered with one keep it.
 */
export function DeviceModelsPage() {
  const { t } = useTranslation(['connectivity', 'devices', 'route']);
  const models = useQuery(deviceModelQueries.list());
  // A model to edit, null for a new one; undefined: the dialog is shut.
  const [editing, setEditing] = useState<DeviceModel | null | undefined>(undefined);
  const columns = useMemo(() => deviceModelColumns(t, setEditing), [t]);

  return (
    <ListScreen
      testId="device-models-page"
      title={t('route:deviceModels')}
      extra={
        <div className="device-models-toolbar">
          <Button icon={<IconRefresh />} onClick={() => void models.refetch()} data-testid="device-model-refresh">
            {t('connectivity:refresh')}
          </Button>
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="device-model-add">
            {t('connectivity:modelAdd')}
          </Button>
        </div>
      }
    >
      <DataTable<DeviceModel>
        tableId="deviceModels"
        testId="device-model-table"
        rowKey="id"
        columns={columns}
        data={models.data ?? NO_MODELS}
        loading={models.isFetching}
        pagination={false}
      />
      {editing !== undefined && <DeviceModelDialog editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListScreen>
  );
}
