import { useState } from 'react';
import { Button, Radio } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../session/useCan.ts';
import { Permission, ServiceConfigEndpoints, type ServicePlanDetail } from '@pest/shared';
import { filterKeys } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { serviceConfigKeys, serviceConfigQueries } from '../../api/serviceConfig.ts';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { EditDeleteActions } from '../../components/EditDeleteActions/index.ts';
import { PlanDialog } from './PlanDialog.tsx';

interface PlanTableProps {
  customerId: number;
  selected: number | null;
  onSelect(planId: number | null): void;
}

/** A store's plans: the chosen one is configured below; added, edited, and deleted while nothing was recorded under it. */
export function PlanTable({ customerId, selected, onSelect }: PlanTableProps) {
  const { t } = useTranslation(['serviceConfig']);
  const plans = useQuery(serviceConfigQueries.plans(customerId));
  const [dialog, setDialog] = useState<{ editing?: ServicePlanDetail } | null>(null);
  const removal = useEndpointMutation(ServiceConfigEndpoints.planDelete, {
    success: () => t('serviceConfig:deleted'),
    invalidates: () => [serviceConfigKeys.plans(customerId), filterKeys.all],
  });
  const manages = useCan()(Permission.serviceConfigManage);
  const columns: DataColumn<ServicePlanDetail>[] = [
    {
      key: 'name',
      title: t('serviceConfig:planName'),
      width: 180,
      pin: 'left',
      cellText: (row) => row.name,
      cellExtra: 28,
      render: (_, row) => (
        <Radio checked={row.id === selected} onChange={() => onSelect(row.id)} data-testid="plan-select">
          {row.name}
        </Radio>
      ),
    },
    { key: 'period', title: t('serviceConfig:period'), width: 180, cellText: (row) => `${row.startDate} ~ ${row.endDate}`, render: (_, row) => `${row.startDate} ~ ${row.endDate}` },
    { key: 'visitsPerMonth', title: t('serviceConfig:visitsPerMonth'), width: 90, align: 'right', cellText: (row) => String(row.visitsPerMonth), render: (_, row) => row.visitsPerMonth },
    // The contract the plan follows (合同 sets its period, visits and report layout); blank for one kept by hand.
    { key: 'contract', title: t('serviceConfig:contract'), width: 110, flexible: true, cellText: (row) => row.contractName ?? '', render: (_, row) => <span data-testid="plan-contract">{row.contractName ?? ''}</span> },
    { key: 'riskGroup', title: t('serviceConfig:riskGroup'), width: 90, cellText: (row) => row.riskGroupName, render: (_, row) => row.riskGroupName },
    { key: 'counts', title: t('serviceConfig:counts'), width: 90, cellText: (row) => `${row.regionCount} / ${row.pointCount}`, render: (_, row) => `${row.regionCount} / ${row.pointCount}` },
    { key: 'visits', title: t('serviceConfig:visits'), width: 80, align: 'right', cellText: (row) => String(row.visitCount), render: (_, row) => row.visitCount },
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
            confirm={t('serviceConfig:deleteConfirm', { name: row.name })}
            onEdit={() => setDialog({ editing: row })}
            onDelete={() => removal.mutate({ id: row.id, version: row.version }, { onSuccess: () => row.id === selected && onSelect(null) })}
            testId="plan"
          />
        ),
    },
  ];
  return (
    <div className="service-config-panel" data-testid="plan-panel">
      <div className="service-config-toolbar">
        <h2 className="service-config-title">{t('serviceConfig:plans')}</h2>
        {manages && (
          <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({})} data-testid="plan-add">
            {t('serviceConfig:addPlan')}
          </Button>
        )}
      </div>
      <DataTable<ServicePlanDetail>
        tableId="servicePlans"
        testId="plan-table"
        rowKey="id"
        columns={columns}
        data={plans.data ?? []}
        loading={plans.isFetching}
        pagination={false}
        height={240}
        emptyText={t('serviceConfig:noPlans')}
      />
      {dialog && <PlanDialog customerId={customerId} editing={dialog.editing} onClose={() => setDialog(null)} />}
    </div>
  );
}
