import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../session/useCan.ts';
import { Permission, ServiceConfigEndpoints, ServiceConfigPaths, type PointDetail } from '@pest/shared';
import { filterKeys } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { underApi } from '../../api/http.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { EditDeleteActions } from '../../components/EditDeleteActions/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { ImportButton } from '../../widgets/imports/index.ts';
import { PointDialog } from './PointDialog.tsx';

/** A plan's points by code, each with its region, device type, place and device. */
export function PointTable({ planId }: { planId: number }) {
  const { t } = useTranslation(['serviceConfig']);
  const points = useQuery(serviceConfigQueries.points(planId));
  const [dialog, setDialog] = useState<{ editing?: PointDetail } | null>(null);
  const removal = useEndpointMutation(ServiceConfigEndpoints.pointDelete, { success: () => t('serviceConfig:deleted'), invalidates: () => [serviceConfigKeys.plan(planId), filterKeys.all] });
  const manages = useCan()(Permission.serviceConfigManage);
  const columns: DataColumn<PointDetail>[] = [
    { key: 'code', dataIndex: 'code', title: t('serviceConfig:pointCode'), width: 100, pin: 'left', cellText: (row) => row.code },
    { key: 'region', title: t('serviceConfig:serviceRegion'), width: 110, cellText: (row) => row.regionName, render: (_, row) => row.regionName },
    { key: 'deviceType', title: t('serviceConfig:deviceType'), width: 110, cellText: (row) => row.deviceTypeName, render: (_, row) => row.deviceTypeName },
    { key: 'position', title: t('serviceConfig:position'), width: 90, cellText: (row) => `${row.x}, ${row.y}`, render: (_, row) => `${row.x}, ${row.y}` },
    { key: 'device', title: t('serviceConfig:device'), width: 110, cellText: (row) => row.deviceNo ?? '', render: (_, row) => row.deviceNo ?? '' },
    {
      key: 'actions',
      title: t('serviceConfig:actions'),
      width: 110,
      pin: 'right',
      render: (_, row) =>
        manages && (
          <EditDeleteActions
            editLabel={t('serviceConfig:edit')}
            deleteLabel={t('serviceConfig:delete')}
            confirm={t('serviceConfig:deleteConfirm', { name: row.code })}
            onEdit={() => setDialog({ editing: row })}
            onDelete={() => removal.mutate({ id: row.id, version: row.version })}
            testId="point"
          />
        ),
    },
  ];
  return (
    <div data-testid="point-panel">
      <div className="service-config-actions">
        {manages && (
          <Button type="primary" size="small" icon={<IconPlus />} onClick={() => setDialog({})} data-testid="point-add">
            {t('serviceConfig:addPoint')}
          </Button>
        )}
        <ExportButton
          disabled={(points.data ?? []).length === 0}
          request={{ url: underApi(ServiceConfigPaths.pointLabels), body: { planId }, fileName: `${t('serviceConfig:labelsFile')}.pdf` }}
          testId="point-labels"
        >
          {t('serviceConfig:labels')}
        </ExportButton>
        {manages && (
          <ImportButton kind="point" planId={planId} size="small" invalidates={[serviceConfigKeys.plan(planId), filterKeys.all]} testId="point-import" />
        )}
      </div>
      <DataTable<PointDetail>
        tableId="planPoints"
        testId="point-table"
        rowKey="id"
        columns={columns}
        data={points.data ?? []}
        loading={points.isFetching}
        pagination={false}
        height={360}
      />
      {dialog && <PointDialog planId={planId} editing={dialog.editing} onClose={() => setDialog(null)} />}
    </div>
  );
}
