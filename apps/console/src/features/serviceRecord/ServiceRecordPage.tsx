import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Pagination, type JobOrderRecord } from '@pest/shared';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { BatchDownloadBar } from './BatchDownloadBar.tsx';
import { JobOrderFilterForm } from './JobOrderFilterForm.tsx';
import { JobOrderTable } from './JobOrderTable.tsx';
import { downloadReport, previewReport } from './reportActions.ts';
import { useBatchDownload } from './useBatchDownload.ts';
import { useJobOrders } from './useJobOrders.ts';
import './serviceRecord.css';

/** The service report list (console-spec screen 10), the console's landing page. */
export function ServiceRecordPage() {
  const { t } = useTranslation(['serviceRecord']);
  const navigate = useNavigate();
  const { page, current, search, goToPage } = useJobOrders();
  const batch = useBatchDownload();
  const [selected, setSelected] = useState<JobOrderRecord[]>([]);
  const openPointCheck = useCallback((record: JobOrderRecord) => navigate(pathWithId(routePaths.pointCheck, record.id)), [navigate]);

  // A new page of rows replaces the old one, and the selection with it. Cleared when the page changes
  // rather than kept per page, so a page from the cache coming back does not bring its selection.
  const [selectedOn, setSelectedOn] = useState(page);
  if (selectedOn !== page) {
    setSelectedOn(page);
    setSelected([]);
  }

  return (
    <section className="service-record-page" data-testid="service-record-page">
      <JobOrderFilterForm onQuery={search} />
      <div className="service-record-panel">
        <div className="service-record-toolbar">
          <h2 className="service-record-title">{t('serviceRecord:listTitle')}</h2>
          <BatchDownloadBar
            selectedCount={selected.length}
            progress={batch.progress}
            onStart={() => void batch.start(selected)}
            onCancel={batch.cancel}
          />
        </div>
        <JobOrderTable
          records={page.records}
          selectedIds={selected.map((record) => record.id)}
          onSelect={setSelected}
          onPreview={previewReport}
          onDownload={downloadReport}
          onPointCheck={openPointCheck}
        />
        <TablePagination
          current={current}
          pageSize={Pagination.jobOrderSize}
          total={page.total}
          onChange={(next) => goToPage(next)}
          testId="job-order-pagination"
        />
      </div>
    </section>
  );
}
