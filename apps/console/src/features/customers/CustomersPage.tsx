import { useMemo, useState } from 'react';
import { Button, Input, Select } from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerKind, CustomerManagementEndpoints, CustomerState, Permission, type CustomerDetail, type CustomerListBody, type Page } from '@pest/shared';
import { customerKeys, customerQueries } from '../../api/customers.ts';
import { filterKeys } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { isProviderStaff } from '../../session/providerStaff.ts';
import { useSession } from '../../session/session.ts';
import { useCan } from '../../session/useCan.ts';
import { ImportButton } from '../../widgets/imports/index.ts';
import { CustomerDialog, type CustomerDialogTarget } from './CustomerDialog.tsx';
import { customerColumns } from './customerColumns.tsx';
import { CUSTOMER_PAGE_SIZES, FIRST_CUSTOMER_PAGE, KIND_KEY, customerListBody, type CustomerFilters } from './customerQuery.ts';
import './customers.css';

const NO_CUSTOMERS: Page<CustomerDetail> = { total: 0, records: [] };

/**
 * 客户管理: the customer tree as a table in tree order, to add organisations (provider staff),
 * groups and stores, edit or move them, and suspend or resume them. A customer's manager sees their
 * organisation and keeps what is below it, as the server allows.
 */
export function CustomersPage() {
  const { t } = useTranslation(['customers', 'route']);
  const user = useSession().user;
  const staff = user ? isProviderStaff(user) : false;
  // A role that only reads the tree gets the table without its buttons.
  const manages = useCan()(Permission.customersManage);
  const [filters, setFilters] = useState<CustomerFilters>({});
  const { request, submit, change } = useSubmittedRequest<CustomerListBody>(FIRST_CUSTOMER_PAGE, (next) => [customerQueries.page(next).queryKey]);
  const page = useQuery({ ...customerQueries.page(request), placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<CustomerDialogTarget | null>(null);
  const set = (patch: CustomerFilters) => setFilters((current) => ({ ...current, ...patch }));
  const query = () => submit(customerListBody(filters, request.size));

  const changes = { invalidates: () => [customerKeys.all, filterKeys.all] };
  const suspension = useEndpointMutation(CustomerManagementEndpoints.suspend, { ...changes, success: () => t('customers:suspendedDone') });
  const resumption = useEndpointMutation(CustomerManagementEndpoints.resume, { ...changes, success: () => t('customers:resumedDone') });

  const columns = useMemo(
    () =>
      customerColumns(t, {
        keeps: (row) => manages && (staff || row.id !== user?.customerId),
        edit: (editing) => setDialog({ editing }),
        addChild: (parent) => setDialog({ place: { kind: CustomerKind.store, parent } }),
        suspend: (row) => suspension.mutate({ id: row.id, version: row.version }),
        resume: (row) => resumption.mutate({ id: row.id, version: row.version }),
      }),
    // The mutations' mutate functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, staff, manages, user?.customerId],
  );
  const shown = page.data ?? NO_CUSTOMERS;

  return (
    <ListScreen
      testId="customers-page"
      title={t('route:customerList')}
      extra={
        <div className="customers-toolbar">
          <span className="list-screen-note">{t('customers:note')}</span>
          {staff && manages && (
            <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({ place: { kind: CustomerKind.organisation } })} data-testid="customer-add-organisation">
              {t('customers:addOrganisation')}
            </Button>
          )}
          {manages && <ImportButton kind="store" invalidates={[customerKeys.all, filterKeys.all]} testId="customer-import" />}
        </div>
      }
      filters={
        <>
          <Input
            allowClear
            className="customers-keyword"
            placeholder={t('customers:keyword')}
            aria-label={t('customers:keyword')}
            value={filters.keyword ?? ''}
            onChange={(keyword) => set({ keyword })}
            onPressEnter={query}
            maxLength={50}
            data-testid="customer-keyword"
          />
          <Select
            allowClear
            placeholder={t('customers:kind')}
            value={filters.kind}
            onChange={(kind?: CustomerKind) => set({ kind })}
            options={Object.values(CustomerKind).map((kind) => ({ value: kind, label: t(`customers:kindLabel.${KIND_KEY[kind]}`) }))}
            data-testid="customer-kind-filter"
          />
          <Select
            allowClear
            placeholder={t('customers:state')}
            value={filters.state}
            onChange={(state?: CustomerState) => set({ state })}
            options={Object.values(CustomerState).map((state) => ({ value: state, label: t(`customers:stateLabel.${state}`) }))}
            data-testid="customer-state-filter"
          />
          <Button type="primary" icon={<IconSearch />} onClick={query} data-testid="customer-query">
            {t('customers:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters({});
              submit(customerListBody({}, request.size));
            }}
            data-testid="customer-reset"
          >
            {t('customers:reset')}
          </Button>
        </>
      }
    >
      <DataTable<CustomerDetail>
        tableId="customers"
        testId="customer-table"
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
        sizeOptions={CUSTOMER_PAGE_SIZES}
        onChange={(current, size) => change((before) => ({ ...before, current: size === before.size ? current : 1, size }))}
        testId="customer-pagination"
      />
      {dialog && <CustomerDialog target={dialog} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
