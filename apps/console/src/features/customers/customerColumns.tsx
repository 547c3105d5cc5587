import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { CustomerKind, CustomerState, type CustomerDetail } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { KIND_KEY } from './customerQuery.ts';

export interface CustomerActions {
  /** Whether the signed-in user keeps this node (a manager does not keep their own organisation). */
  keeps(row: CustomerDetail): boolean;
  edit(row: CustomerDetail): void;
  addChild(row: CustomerDetail): void;
  suspend(row: CustomerDetail): void;
  resume(row: CustomerDetail): void;
}

const INDENT_PX = 16;

/** The tree as a table: each node indented under its parent, with its kind, place, contacts and state. */
export function customerColumns(t: TFunction<['customers']>, actions: CustomerActions): DataColumn<CustomerDetail>[] {
  const kindText = (row: CustomerDetail) => t(`customers:kindLabel.${KIND_KEY[row.kind]}`);
  const stateText = (row: CustomerDetail) =>
    row.state === CustomerState.active ? t('customers:stateLabel.active') : row.suspendedWithAncestor ? t('customers:suspendedWithParent') : t('customers:stateLabel.suspended');
  const contactsText = (row: CustomerDetail) => row.contacts.map((contact) => `${contact.name} ${contact.phone}`);
  return [
    {
      key: 'name',
      title: t('customers:name'),
      width: 200,
      pin: 'left',
      cellText: (row) => row.name,
      cellExtra: 48,
      render: (_, row) => (
        <span className="customers-name" style={{ paddingInlineStart: row.depth * INDENT_PX }}>
          <Tag size="small" color={row.kind === CustomerKind.store ? 'arcoblue' : row.kind === CustomerKind.group ? 'cyan' : 'purple'}>
            {kindText(row)}
          </Tag>
          <span data-testid="customer-name">{row.name}</span>
        </span>
      ),
    },
    { key: 'code', dataIndex: 'code', title: t('customers:code'), width: 100, cellText: (row) => row.code },
    { key: 'parent', title: t('customers:parent'), width: 140, flexible: true, cellText: (row) => row.ancestorNames.join(' / '), render: (_, row) => row.ancestorNames.join(' / ') },
    { key: 'region', title: t('customers:region'), width: 140, cellText: (row) => row.regionName, render: (_, row) => row.regionName },
    { key: 'address', title: t('customers:address'), width: 140, optional: true, cellText: (row) => row.address ?? '', render: (_, row) => row.address ?? '' },
    { key: 'area', title: t('customers:area'), width: 90, cellText: (row) => row.areaName ?? '', render: (_, row) => row.areaName ?? '' },
    {
      key: 'contacts',
      title: t('customers:contacts'),
      width: 140,
      cellText: contactsText,
      render: (_, row) => (
        <span className="customers-contacts">
          {contactsText(row).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      ),
    },
    { key: 'storeCount', title: t('customers:storeCount'), width: 70, align: 'right', cellText: (row) => String(row.storeCount), render: (_, row) => row.storeCount },
    {
      key: 'state',
      title: t('customers:state'),
      width: 80,
      cellText: stateText,
      render: (_, row) => (
        <Tag size="small" color={row.state === CustomerState.active ? 'green' : 'gray'} data-testid="customer-state">
          {stateText(row)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('customers:actions'),
      width: 180,
      pin: 'right',
      render: (_, row) => <CustomerRowActions row={row} t={t} actions={actions} />,
    },
  ];
}

function CustomerRowActions({ row, t, actions }: { row: CustomerDetail; t: TFunction<['customers']>; actions: CustomerActions }) {
  const active = row.state === CustomerState.active;
  const keeps = actions.keeps(row);
  return (
    <span className="customers-actions">
      {active && keeps && (
        <Button type="text" size="mini" onClick={() => actions.edit(row)} data-testid="customer-edit">
          {t('customers:edit')}
        </Button>
      )}
      {active && row.kind !== CustomerKind.store && (
        <Button type="text" size="mini" onClick={() => actions.addChild(row)} data-testid="customer-add-child">
          {t('customers:addChild')}
        </Button>
      )}
      {keeps && active && (
        <Popconfirm title={t('customers:suspendConfirm', { name: row.name })} onOk={() => actions.suspend(row)}>
          <Button type="text" size="mini" status="danger" data-testid="customer-suspend">
            {t('customers:suspend')}
          </Button>
        </Popconfirm>
      )}
      {keeps && !active && !row.suspendedWithAncestor && (
        <Popconfirm title={t('customers:resumeConfirm', { name: row.name })} onOk={() => actions.resume(row)}>
          <Button type="text" size="mini" data-testid="customer-resume">
            {t('customers:resume')}
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
