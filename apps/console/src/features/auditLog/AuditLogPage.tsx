import { useState } from 'react';
import { Button, DatePicker, Input, Select } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_TEXTS, AuditObjectType, type AuditEntry, type AuditLogExportBody, type AuditLogListBody, type Page } from '@pest/shared';
import { interfaceLanguage } from '../../api/language.ts';
import { auditLogExportUrl } from '../../api/auditLog.ts';
import { auditLogQueries } from '../../api/auditLogQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { AuditTable } from './AuditTable.tsx';
import { AUDIT_PAGE_SIZES, FIRST_AUDIT_PAGE, auditListBody, type AuditFilters } from './auditLogQuery.ts';

const NO_ENTRIES: Page<AuditEntry> = { total: 0, records: [] };

/** The submitted filters, every page. */
const exportBody = ({ current: _page, size: _size, ...filters }: AuditLogListBody): AuditLogExportBody => filters;

/** 操作日志: every write the user may read, newest first, with who, from where, and what changed. */
export function AuditLogPage() {
  const { t } = useTranslation(['audit', 'route']);
  const [filters, setFilters] = useState<AuditFilters>({});
  const { request, submit, change } = useSubmittedRequest<AuditLogListBody>(FIRST_AUDIT_PAGE, (next) => [auditLogQueries.page(next).queryKey]);
  const page = useQuery({ ...auditLogQueries.page(request), placeholderData: keepPreviousData });
  const set = (patch: AuditFilters) => setFilters((current) => ({ ...current, ...patch }));
  const query = () => submit(auditListBody(filters, request.size));

  return (
    <ListScreen
      testId="audit-log-page"
      title={t('route:auditLog')}
      extra={
        <div className="audit-toolbar">
          <span className="list-screen-note">{t('audit:note')}</span>
          <ExportButton
            disabled={(page.data ?? NO_ENTRIES).total === 0}
            request={{ url: auditLogExportUrl, body: exportBody(request), fileName: `${AUDIT_TEXTS.sheet[interfaceLanguage()]}.xlsx` }}
            testId="audit-export"
          />
        </div>
      }
      filters={
        <>
          <Select
            allowClear
            placeholder={t('audit:objectType')}
            value={filters.objectType}
            onChange={(objectType?: AuditObjectType) => set({ objectType })}
            options={Object.values(AuditObjectType).map((type) => ({ value: type, label: AUDIT_TEXTS.objectTypes[type][interfaceLanguage()] }))}
            data-testid="audit-object-type"
          />
          <Input
            allowClear
            className="audit-object-id"
            placeholder={t('audit:objectId')}
            aria-label={t('audit:objectId')}
            value={filters.objectId ?? ''}
            onChange={(objectId) => set({ objectId })}
            onPressEnter={query}
            maxLength={40}
            data-testid="audit-object-id"
          />
          <DatePicker.RangePicker
            className="list-screen-dates"
            format="YYYY-MM-DD"
            value={filters.dates}
            onChange={(dates?: string[]) => set({ dates: dates?.length === 2 ? [dates[0]!, dates[1]!] : undefined })}
            data-testid="audit-dates"
          />
          <Button type="primary" icon={<IconSearch />} onClick={query} data-testid="audit-query">
            {t('audit:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters({});
              submit(auditListBody({}, request.size));
            }}
            data-testid="audit-reset"
          >
            {t('audit:reset')}
          </Button>
        </>
      }
    >
      <AuditTable rows={(page.data ?? NO_ENTRIES).records} loading={page.isFetching && (page.isPending || page.isPlaceholderData)} />
      <TablePagination
        current={request.current}
        pageSize={request.size}
        total={(page.data ?? NO_ENTRIES).total}
        sizeOptions={AUDIT_PAGE_SIZES}
        onChange={(current, size) => change((shown) => ({ ...shown, current: size === shown.size ? current : 1, size }))}
        testId="audit-pagination"
      />
    </ListScreen>
  );
}
