import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { ContractState, type Contract } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

export interface ContractActions {
  edit(row: Contract): void;
  activate(row: Contract): void;
  terminate(row: Contract): void;
}

const STATE_COLOURS: Record<ContractState, string> = { draft: 'gray', active: 'green', expired: 'orange', terminated: 'red' };
/** A contract this near its end has its days left shown in warning colour beside its state. */
const DAYS_LEFT_TAG = 72;

/** 合同's table: which contract, whose, what it covers, its term and amount, where it stands; the actions for those who manage contracts. */
export function contractColumns(t: TFunction<['contracts']>, renewalNoticeDays: number, actions: ContractActions | null, view: (row: Contract) => void): DataColumn<Contract>[] {
  const state = (row: Contract) => t(`contracts:stateLabels.${row.state}`);
  const services = (row: Contract) => row.items.map((item) => t(`contracts:transactionTypes.${item.transactionType}`)).join('、');
  const amount = (row: Contract) => row.amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const columns: DataColumn<Contract>[] = [
    {
      key: 'code',
      title: t('contracts:code'),
      width: 110,
      pin: 'left',
      cellText: (row) => row.code,
      render: (_, row) => (
        <Button type="text" size="mini" onClick={() => view(row)} data-testid="contract-code">
          {row.code}
        </Button>
      ),
    },
    { key: 'name', title: t('contracts:name'), width: 150, flexible: true, cellText: (row) => row.name, render: (_, row) => <span data-testid="contract-name">{row.name}</span> },
    { key: 'customer', title: t('contracts:customer'), width: 120, cellText: (row) => row.customerName, render: (_, row) => row.customerName },
    { key: 'items', title: t('contracts:items'), width: 110, cellText: services, render: (_, row) => services(row) },
    { key: 'period', title: t('contracts:period'), width: 170, cellText: (row) => `${row.startDate} ~ ${row.endDate}`, render: (_, row) => `${row.startDate} ~ ${row.endDate}` },
    { key: 'amount', title: t('contracts:amount'), width: 110, align: 'right', cellText: amount, render: (_, row) => amount(row) },
    {
      key: 'state',
      title: t('contracts:state'),
      width: 70,
      cellText: state,
      cellExtra: DAYS_LEFT_TAG,
      render: (_, row) => (
        <span className="contracts-state">
          <Tag size="small" color={STATE_COLOURS[row.state]} data-testid="contract-state">
            {state(row)}
          </Tag>
          {row.daysToEnd !== null && row.daysToEnd <= renewalNoticeDays && (
            <Tag size="small" color="orangered" data-testid="contract-days-left">
              {t('contracts:daysLeft', { days: row.daysToEnd })}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'plans', title: t('contracts:plans'), width: 80, optional: true, cellText: (row) => t('contracts:planCount', { count: row.planCount }), render: (_, row) => t('contracts:planCount', { count: row.planCount }) },
  ];
  if (!actions) return columns;
  return [...columns, { key: 'actions', title: t('contracts:actions'), width: 140, pin: 'right', render: (_, row) => <ContractRowActions row={row} t={t} actions={actions} /> }];
}

function ContractRowActions({ row, t, actions }: { row: Contract; t: TFunction<['contracts']>; actions: ContractActions }) {
  return (
    <span className="contracts-actions">
      {(row.state === ContractState.draft || row.state === ContractState.active) && (
        <Button type="text" size="mini" onClick={() => actions.edit(row)} data-testid="contract-edit">
          {t('contracts:edit')}
        </Button>
      )}
      {row.state === ContractState.draft && (
        <Popconfirm title={t('contracts:activateConfirm', { name: row.name })} onOk={() => actions.activate(row)}>
          <Button type="text" size="mini" data-testid="contract-activate">
            {t('contracts:activate')}
          </Button>
        </Popconfirm>
      )}
      {row.state === ContractState.active && (
        <Button type="text" size="mini" status="danger" onClick={() => actions.terminate(row)} data-testid="contract-terminate">
          {t('contracts:terminate')}
        </Button>
      )}
    </span>
  );
}
