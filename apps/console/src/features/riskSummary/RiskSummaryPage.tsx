import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, ScreenFilterForms, type RiskStatus } from '@pest/shared';
import { riskSummaryExportUrl } from '../../api/summaries.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { FilterForm, FilterItem } from '../../components/FilterForm/index.ts';
import { usePhotoDialog } from '../../components/PhotoDialog/index.ts';
import { summaryFilters } from '../../widgets/summaryReport/summaryQuery.ts';
import { RiskOverdueSelect } from './RiskOverdueSelect.tsx';
import { RiskStatusSelect } from './RiskStatusSelect.tsx';
import { RiskSummaryTable } from './RiskSummaryTable.tsx';
import { riskSummaryExportBody, riskSummaryFilters } from './riskSummaryQuery.ts';
import { useRiskSummary } from './useRiskSummary.ts';
import '../../widgets/summaryReport/summaryReport.css';
import './riskSummary.css';

/** One store, its plan's regions and risk types, and the visits' period; nothing is sent without a store. */
const RISK_SUMMARY_FILTERS = ScreenFilterForms.riskSummary;

/** The risk summary report (console-spec screen 3, /dataSheet/riskSummary): table, export and the photo dialog. */
export function RiskSummaryPage() {
  const { t } = useTranslation(['summary', 'route']);
  const [status, setStatus] = useState<RiskStatus>();
  const [overdue, setOverdue] = useState<boolean>();
  const { query, page, search, clear, changePage } = useRiskSummary();
  const photos = usePhotoDialog();
  const name = t('route:riskSummary');

  return (
    <section className="summary-report" data-testid="risk-summary-page">
      <FilterForm
        config={RISK_SUMMARY_FILTERS}
        extraItems={
          <>
            <FilterItem name="status" label={t('summary:status')}>
              <RiskStatusSelect value={status} onChange={setStatus} />
            </FilterItem>
            <FilterItem name="overdue" label={t('summary:overdue')}>
              <RiskOverdueSelect value={overdue} onChange={setOverdue} />
            </FilterItem>
          </>
        }
        onQuery={(params) => search(riskSummaryFilters(summaryFilters(params), { status, overdue }))}
        onReset={() => {
          setStatus(undefined);
          setOverdue(undefined);
          clear();
        }}
      />
      <div className="summary-report-panel">
        <div className="summary-report-toolbar">
          <h2 className="summary-report-title">{name}</h2>
          <ExportButton
            disabled={!query || page.total === 0}
            request={{ url: riskSummaryExportUrl, body: riskSummaryExportBody(query?.filters ?? {}, page.total), fileName: `${name}.xlsx` }}
            testId="risk-summary-export"
          />
        </div>
        <RiskSummaryTable rows={page.records} onPhotos={photos.open} emptyText={query ? undefined : t('summary:notQueried')} />
        {query && (
          <TablePagination
            current={query.current}
            pageSize={query.size}
            total={page.total}
            sizeOptions={Pagination.deviceListSizes}
            onChange={changePage}
            testId="risk-summary-pagination"
          />
        )}
      </div>
      {photos.dialog}
    </section>
  );
}
