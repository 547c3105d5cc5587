import { useState } from 'react';
import { Modal, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, Pagination, RISK_DETAILS_FILE_NAME, type DateRangeValue, type RiskChartBody } from '@pest/shared';
import { riskDetailsExportUrl, type RiskDetailsPage } from '../../api/charts.ts';
import { chartQueries } from '../../api/chartQueries.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { DateRangeField } from '../../components/FilterForm/DateRangeField.tsx';
import { usePhotoDialog } from '../../components/PhotoDialog/index.ts';
import { usePagedSummary, type SummaryQuery } from '../../widgets/summaryReport/usePagedSummary.ts';
import { RiskDetailsTable } from './RiskDetailsTable.tsx';
import { RISK_TABS, RiskTab, riskDetailsBody, riskDetailsExportBody, riskDetailsFilters, type RiskDetailsFilters } from './riskTrendQuery.ts';

const NO_ROWS: RiskDetailsPage = { total: 0, records: [] };
const pageQuery = (query: SummaryQuery<RiskDetailsFilters> | undefined) =>
  chartQueries.riskDetails(query && riskDetailsBody(query.filters, query.current, query.size));

const TAB_LABELS = { 1: 'charts:tabUnresolved', 0: 'charts:tabResolved', 2: 'charts:tabAll' } as const satisfies Record<RiskTab, string>;

interface RiskDetailsDialogProps {
  /** The chart's filters the bar was clicked under. */
  chart: RiskChartBody;
  /** The risk type whose bar was clicked. */
  riskTypeName: string;
  onClose(): void;
}

/**
 * The risks behind a bar of the risk chart (console-spec screen 12): 1000px wide, rectification
 * dates, tabs unresolved (default) / resolved / all, export, a 500px table. A failed load leaves
 * the table empty (section 8); the http client has said why. Mounted per bar, so each opens on
 * the default tab with no rectification dates.
 */
export function RiskDetailsDialog({ chart, riskTypeName, onClose }: RiskDetailsDialogProps) {
  const { t } = useTranslation(['charts']);
  const [tab, setTab] = useState<RiskTab>(RiskTab.unresolved);
  const [rectifyRange, setRectifyRange] = useState<DateRangeValue>();
  const { query, page, search, changePage } = usePagedSummary(pageQuery, NO_ROWS, {
    initial: {
      filters: riskDetailsFilters(chart, riskTypeName, RiskTab.unresolved, undefined),
      current: Pagination.defaultPage,
      size: Pagination.defaultSize,
    },
  });
  const photos = usePhotoDialog();
  // A new tab or rectification range lists again from page 1, as a Query does.
  const show = (nextTab: RiskTab, nextRange: DateRangeValue | undefined) => {
    setTab(nextTab);
    setRectifyRange(nextRange);
    search(riskDetailsFilters(chart, riskTypeName, nextTab, nextRange));
  };

  return (
    <Modal
      visible
      title={riskTypeName}
      style={{ width: Layout.riskDialogWidth }}
      footer={null}
      onCancel={onClose}
      data-testid="risk-details-dialog"
    >
      <div className="risk-details-toolbar">
        <div className="risk-details-range">
          <span>{t('charts:rectifyTime')}</span>
          <DateRangeField value={rectifyRange} onChange={(range) => show(tab, range)} testId="risk-details-range" />
        </div>
        <ExportButton
          disabled={!query || page.total === 0}
          request={{
            url: riskDetailsExportUrl,
            body: riskDetailsExportBody(query?.filters ?? { riskTypeNames: [] }, query?.size ?? Pagination.defaultSize),
            fileName: RISK_DETAILS_FILE_NAME,
          }}
          testId="risk-details-export"
        />
      </div>
      <Tabs activeTab={String(tab)} onChange={(key) => show(Number(key) as RiskTab, rectifyRange)} data-testid="risk-details-tabs">
        {RISK_TABS.map((value) => (
          <Tabs.TabPane key={String(value)} title={<span data-testid={`risk-tab-${value}`}>{t(TAB_LABELS[value])}</span>} />
        ))}
      </Tabs>
      <RiskDetailsTable rows={page.records} onPhotos={photos.open} />
      {query && (
        <TablePagination
          current={query.current}
          pageSize={query.size}
          total={page.total}
          sizeOptions={Pagination.deviceListSizes}
          onChange={changePage}
          testId="risk-details-pagination"
        />
      )}
      {photos.dialog}
    </Modal>
  );
}
