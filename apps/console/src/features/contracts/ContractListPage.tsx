import { useMemo, useState } from 'react';
import { Button, Checkbox, Input, Select } from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CONTRACT_STATES, ContractEndpoints, ContractLimits, CustomerKind, Permission, type Contract, type ContractListBody, type ContractState } from '@pest/shared';
import { contractKeys, contractQueries } from '../../api/contracts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { useCan } from '../../session/useCan.ts';
import { ContractDialog } from './ContractDialog.tsx';
import { ContractTerminateDialog } from './ContractTerminateDialog.tsx';
import { ContractView } from './ContractView.tsx';
import { contractColumns } from './contractColumns.tsx';
import { contractListBody, FIRST_CONTRACT_PAGE, NO_CONTRACT_FILTERS, type ContractFilters } from './contractQuery.ts';
import './contracts.css';

const CUSTOMER_KINDS = [CustomerKind.organisation, CustomerKind.group, CustomerKind.store] as const;
/** Until the first page says the server's window (CONTRACT_RENEWAL_NOTICE_DAYS), the default one. */
const DEFAULT_RENEWAL_DAYS = 30;

/**
 * 合同 (issue 41): the provider's contracts with its customers. Activating one sets its stores'
 * service plans (the server's work), so 服务安排 proposes its visits and their reports take its
 * layout; one near its end shows its days left and is listed under 即将到期, where a renewal notice
 * sends its reader (?expiring=1). Nothing is deleted: a contract ends by its term or is terminated.
 */
export function ContractListPage() {
  const { t } = useTranslation(['contracts', 'route']);
  const canManage = useCan()(Permission.contractsManage);
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<ContractFilters>(() => ({ ...NO_CONTRACT_FILTERS, expiring: searchParams.get('expiring') === '1' }));
  const firstPage: ContractListBody = filters.expiring ? contractListBody(filters, DEFAULT_RENEWAL_DAYS) : FIRST_CONTRACT_PAGE;
  const { request, submit, change } = useSubmittedRequest<ContractListBody>(firstPage, (next) => [contractQueries.page(next).queryKey]);
  const page = useQuery({ ...contractQueries.page(request), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Contract | null | undefined>(undefined);
  const [terminating, setTerminating] = useState<Contract | undefined>(undefined);
  const [viewing, setViewing] = useState<Contract | undefined>(undefined);
  const set = (patch: Partial<ContractFilters>) => setFilters((current) => ({ ...current, ...patch }));
  // The server's window (CONTRACT_RENEWAL_NOTICE_DAYS), which every page of the list carries.
  const renewalDays = page.data?.renewalNoticeDays ?? DEFAULT_RENEWAL_DAYS;

  const activating = useEndpointMutation(ContractEndpoints.activate, {
    success: (data) => t('contracts:activated', { created: data.plansCreated, updated: data.plansUpdated }),
    invalidates: () => [contractKeys.all],
  });
  const columns = useMemo(
    () =>
      contractColumns(
        t,
        renewalDays,
        canManage ? { edit: setEditing, activate: (row) => activating.mutate({ id: row.id, version: row.version }), terminate: setTerminating } : null,
        setViewing,
      ),
    // The mutation's mutate function is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canManage, renewalDays],
  );
  const shown = page.data ?? { total: 0, records: [] };

  return (
    <ListScreen
      testId="contracts-page"
      title={t('route:contractList')}
      extra={
        canManage && (
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="contract-add">
            {t('contracts:add')}
          </Button>
        )
      }
      filters={
        <>
          <Input
            allowClear
            className="contracts-keyword"
            placeholder={t('contracts:keyword')}
            aria-label={t('contracts:keyword')}
            value={filters.keyword ?? ''}
            onChange={(keyword) => set({ keyword })}
            onPressEnter={() => submit(contractListBody(filters, renewalDays))}
            maxLength={ContractLimits.keyword}
            data-testid="contract-keyword"
          />
          <div className="contracts-customer">
            <CustomerSelect
              kinds={CUSTOMER_KINDS}
              value={filters.customerId}
              label={filters.customerLabel}
              onChange={(customerId, customerLabel) => set({ customerId, customerLabel })}
              onClear={() => set({ customerId: null, customerLabel: '' })}
              placeholder={t('contracts:customer')}
              testId="contract-customer-filter"
            />
          </div>
          <Select
            mode="multiple"
            allowClear
            className="contracts-states"
            placeholder={t('contracts:states')}
            aria-label={t('contracts:states')}
            value={filters.states}
            onChange={(states: ContractState[]) => set({ states })}
            options={CONTRACT_STATES.map((state) => ({ value: state, label: t(`contracts:stateLabels.${state}`) }))}
            data-testid="contract-states"
          />
          <Checkbox
            className="contracts-expiring"
            checked={filters.expiring}
            onChange={(expiring: boolean) => {
              const next = { ...filters, expiring };
              setFilters(next);
              submit(contractListBody(next, renewalDays));
            }}
            data-testid="contract-expiring"
          >
            <span title={t('contracts:expiringHint', { days: renewalDays })}>{t('contracts:expiring')}</span>
          </Checkbox>
          <Button type="primary" icon={<IconSearch />} onClick={() => submit(contractListBody(filters, renewalDays))} data-testid="contract-query">
            {t('contracts:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters(NO_CONTRACT_FILTERS);
              submit(contractListBody(NO_CONTRACT_FILTERS, renewalDays));
            }}
            data-testid="contract-reset"
          >
            {t('contracts:reset')}
          </Button>
        </>
      }
    >
      <DataTable<Contract>
        tableId="contracts"
        testId="contract-table"
        rowKey="id"
        columns={columns}
        data={shown.records}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
        rowAttributes={(row) => ({ 'data-testid': 'contract-row', 'data-contract-id': row.id })}
      />
      <TablePagination current={request.current} pageSize={request.size} total={shown.total} onChange={(current) => change((before) => ({ ...before, current }))} testId="contract-pagination" />
      {editing !== undefined && <ContractDialog editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
      {terminating && <ContractTerminateDialog contract={terminating} onClose={() => setTerminating(undefined)} />}
      {viewing && <ContractView contract={viewing} onClose={() => setViewing(undefined)} />}
    </ListScreen>
  );
}
