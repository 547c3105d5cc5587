import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { AccountState, type AccountRow } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

export interface AccountActions {
  /** The signed-in user's own row: never disabled from here (the server refuses it too). */
  isSelf(row: AccountRow): boolean;
  edit(row: AccountRow): void;
  resetPassword(row: AccountRow): void;
  disable(row: AccountRow): void;
  enable(row: AccountRow): void;
}

/** 账号管理's table: who, whose, which roles, whether they may sign in, and when they last did. */
export function accountColumns(t: TFunction<['accounts']>, actions: AccountActions): DataColumn<AccountRow>[] {
  const customerText = (row: AccountRow) => row.customerName ?? t('accounts:provider');
  const rolesText = (row: AccountRow) => row.roles.map((role) => role.roleName).join(' ');
  return [
    {
      key: 'account',
      title: t('accounts:account'),
      width: 120,
      pin: 'left',
      cellText: (row) => row.account,
      render: (_, row) => <span data-testid="account-account">{row.account}</span>,
    },
    { key: 'name', title: t('accounts:name'), width: 90, cellText: (row) => row.name, render: (_, row) => row.name },
    { key: 'phone', title: t('accounts:phone'), width: 110, cellText: (row) => row.phone ?? '', render: (_, row) => row.phone ?? '' },
    {
      key: 'customer',
      title: t('accounts:customer'),
      width: 120,
      flexible: true,
      cellText: customerText,
      render: (_, row) => <span data-testid="account-customer">{customerText(row)}</span>,
    },
    {
      key: 'roles',
      title: t('accounts:roles'),
      width: 120,
      cellText: rolesText,
      // A tag's padding and gap beside each name.
      cellExtra: 20,
      render: (_, row) => (
        <span className="accounts-tags" data-testid="account-roles">
          {row.roles.map((role) => (
            <Tag key={role.id} size="small" color="arcoblue">
              {role.roleName}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('accounts:state'),
      width: 80,
      cellText: (row) => t(`accounts:stateLabel.${row.state}`),
      render: (_, row) => (
        <Tag size="small" color={row.state === AccountState.active ? 'green' : 'gray'} data-testid="account-state">
          {t(`accounts:stateLabel.${row.state}`)}
        </Tag>
      ),
    },
    {
      key: 'lastLoginAt',
      title: t('accounts:lastLoginAt'),
      width: 150,
      cellText: (row) => row.lastLoginAt ?? t('accounts:never'),
      render: (_, row) => row.lastLoginAt ?? t('accounts:never'),
    },
    { key: 'createdAt', title: t('accounts:createdAt'), width: 150, optional: true, cellText: (row) => row.createdAt, render: (_, row) => row.createdAt },
    {
      key: 'actions',
      title: t('accounts:actions'),
      width: 200,
      pin: 'right',
      render: (_, row) => <AccountRowActions row={row} t={t} actions={actions} />,
    },
  ];
}

function AccountRowActions({ row, t, actions }: { row: AccountRow; t: TFunction<['accounts']>; actions: AccountActions }) {
  const active = row.state === AccountState.active;
  return (
    <span className="accounts-actions">
      <Button type="text" size="mini" onClick={() => actions.edit(row)} data-testid="account-edit">
        {t('accounts:edit')}
      </Button>
      {active && (
        <Button type="text" size="mini" onClick={() => actions.resetPassword(row)} data-testid="account-reset-password">
          {t('accounts:resetPassword')}
        </Button>
      )}
      {active && !actions.isSelf(row) && (
        <Popconfirm title={t('accounts:disableConfirm', { name: `${row.name}（${row.account}）` })} onOk={() => actions.disable(row)}>
          <Button type="text" size="mini" status="danger" data-testid="account-disable">
            {t('accounts:disable')}
          </Button>
        </Popconfirm>
      )}
      {!active && (
        <Popconfirm title={t('accounts:enableConfirm', { name: `${row.name}（${row.account}）` })} onOk={() => actions.enable(row)}>
          <Button type="text" size="mini" data-testid="account-enable">
            {t('accounts:enable')}
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
