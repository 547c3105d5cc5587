import { Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@pest/shared';
import type { DynamicSummaryApi } from '../../api/summaries.ts';
import { DynamicTable } from '../../components/DynamicTable/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { FilterForm, type FilterFormConfig } from '../../components/FilterForm/index.ts';
import { summaryExportBody, summaryFilters } from './summaryQuery.ts';
import { useDynamicSummary } from './useDynamicSummary.ts';
import './summaryReport.css';

interface DynamicSummaryPageProps {
  /** The route's title key: the panel's heading and the export's fallback file name. */
  title: 'insectPestSummary' | 'equipmentPositive';
  config: FilterFormConfig;
  api: DynamicSummaryApi;
  /** Prefix of the screen's test ids: `<testId>-page`, `-table`, `-pagination`, `-export`. */
  testId: string;
}

/**
 * A summary whose columns come from the server (console-spec screens 4 and 5): filter form,
 * a multi-level table with its 合计 row, pagination and the export of every matching row.
 */
export function DynamicSummaryPage({ title, config, api, testId }: DynamicSummaryPageProps) {
  const { t } = useTranslation(['summary', 'route']);
  const { query, page, header, search, clear, changePage } = useDynamicSummary(api);
  const name = t(`route:${title}`);

  return (
    <section className="summary-report" data-testid={`${testId}-page`}>
      <FilterForm config={config} onQuery={(params) => search(summaryFilters(params))} onReset={clear} />
      <div className="summary-report-panel">
        <div className="summary-report-toolbar">
          <h2 className="summary-report-title">{name}</h2>
          <ExportButton
            disabled={!query || page.total === 0}
            request={{ url: api.exportUrl, body: summaryExportBody(query?.filters ?? {}, page.total), fileName: `${name}.xlsx` }}
            testId={`${testId}-export`}
          />
        </div>
        {query ? (
          <DynamicTable
            header={header}
            rows={page.records}
            totalRow={page.totalRow}
            pagination={{
              current: query.current,
              pageSize: query.size,
              total: page.total,
              sizeOptions: Pagination.deviceListSizes,
              onChange: changePage,
              testId: `${testId}-pagination`,
            }}
            testId={`${testId}-table`}
          />
        ) : (
          <Empty className="summary-report-idle" description={t('summary:notQueried')} data-testid={`${testId}-idle`} />
        )}
      </div>
    </section>
  );
}
