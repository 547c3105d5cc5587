import { useMemo, useState } from 'react';
import { Button, Input, Select } from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountEndpoints, AccountState, type AccountRow, type Page, type UserListBody } from '@pest/shared';
import { accountKeys, accountQueries } from '../../api/accounts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { useSession } from '../../session/session.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { accountColumns } from './accountColumns.tsx';
import { ACCOUNT_CUSTOMER_KINDS, ACCOUNT_PAGE_SIZES, FIRST_ACCOUNT_PAGE, accountListBody, type AccountFilters } from './accountQuery.ts';
import './accounts.css';

const NO_ACCOUNTS: Page<AccountRow> = { total: 0, records: [] };

/** What is open over the table: the account dialog (a row to edit, or null for a new one) or a password reset. */
type Overlay = { edit: AccountRow | null } | { reset: AccountRow };

/**
 * 账号管理: the people who sign in, to add, edit, give a new password, and disable (their sessions
 * end at once) or enable again. Accounts are never deleted: their names stay on what they did.
 */
export function AccountsPage() {
  const { t } = useTranslation(['accounts', 'route']);
  const selfId = useSession().user?.id;
  const [filters, setFilters] = useState<AccountFilters>({});
  const { request, submit, change } = useSubmittedRequest<UserListBody>(FIRST_ACCOUNT_PAGE, (next) => [accountQueries.page(next).queryKey]);
  const page = useQuery({ ...accountQueries.page(request), placeholderData: keepPreviousData });
  const roles = useQuery(accountQueries.roles());
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const set = (patch: AccountFilters) => setFilters((current) => ({ ...current, ...patch }));
  const query = () => submit(accountListBody(filters, request.size));

  // Both change the roles' 账号数 (active accounts) too.
  const changes = { invalidates: () => [accountKeys.all] };
  const disabling = useEndpointMutation(AccountEndpoints.userDisable, { ...changes, success: () => t('accounts:disabledDone') });
  const enabling = useEndpointMutation(AccountEndpoints.userEnable, { ...changes, success: () => t('accounts:enabledDone') });

  const columns = useMemo(
    () =>
      accountColumns(t, {
        isSelf: (row) => row.id === selfId,
        edit: (row) => setOverlay({ edit: row }),
        resetPassword: (row) => setOverlay({ reset: row }),
        disable: (row) => disabling.mutate({ id: row.id, version: row.version }),
        enable: (row) => enabling.mutate({ id: row.id, version: row.version }),
      }),
    // The mutations' mutate functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selfId],
  );
  const shown = page.data ?? NO_ACCOUNTS;

  return (
    <ListScreen
      testId="accounts-page"
      title={t('route:systemUsers')}
      extra={
        <div className="accounts-toolbar">
          <Button type="primary" icon={<IconPlus />} onClick={() => setOverlay({ edit: null })} data-testid="account-add">
            {t('accounts:addAccount')}
          </Button>
        </div>
      }
      filters={
        <>
          <Input
            allowClear
            className="accounts-keyword"
            placeholder={t('accounts:keyword')}
            aria-label={t('accounts:keyword')}
            value={filters.keyword ?? ''}
            onChange={(keyword) => set({ keyword })}
            onPressEnter={query}
            maxLength={50}
            data-testid="account-keyword"
          />
          <Select
            allowClear
            placeholder={t('accounts:role')}
            aria-label={t('accounts:role')}
            value={filters.roleId}
            onChange={(roleId?: number) => set({ roleId })}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
            data-testid="account-role-filter"
          />
          <Select
            allowClear
            placeholder={t('accounts:state')}
            aria-label={t('accounts:state')}
            value={filters.state}
            onChange={(state?: AccountState) => set({ state })}
            options={Object.values(AccountState).map((state) => ({ value: state, label: t(`accounts:stateLabel.${state}`) }))}
            data-testid="account-state-filter"
          />
          <CustomerSelect
            kinds={ACCOUNT_CUSTOMER_KINDS}
            value={filters.customerId ?? null}
            label={filters.customerLabel ?? ''}
            onChange={(customerId, customerLabel) => set({ customerId, customerLabel })}
            onClear={() => set({ customerId: undefined, customerLabel: undefined })}
            placeholder={t('accounts:customer')}
            testId="account-customer-filter"
          />
          <Button type="primary" icon={<IconSearch />} onClick={query} data-testid="account-query">
            {t('accounts:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters({});
              submit(accountListBody({}, request.size));
            }}
            data-testid="account-reset"
          >
            {t('accounts:reset')}
          </Button>
        </>
      }
    >
      <DataTable<AccountRow>
        tableId="accounts"
        testId="account-table"
        rowKey="id"
        columns={columns}
        data={shown.records}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
      />
      <TablePagination
        current={request.current}
        pageSize={request.size}
        total={shown.total}
        sizeOptions={ACCOUNT_PAGE_SIZES}
        onChange={(current, size) => change((before) => ({ ...before, current: size === before.size ? current : 1, size }))}
        testId="account-pagination"
      />
      {overlay && 'edit' in overlay && <AccountDialog editing={overlay.edit ?? undefined} roles={roles.data ?? []} onClose={() => setOverlay(null)} />}
      {overlay && 'reset' in overlay && <ResetPasswordDialog account={overlay.reset} onClose={() => setOverlay(null)} />}
    </ListScreen>
  );
}
