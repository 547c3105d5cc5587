import { Button, Empty, Result, Tabs } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../navigation/routePaths.ts';
import { jobOrderQueries } from '../../api/jobOrderQueries.ts';
import { pointCheckExportUrl } from '../../api/jobOrders.ts';
import { DynamicTable } from '../../components/DynamicTable/index.ts';
import { ExportButton } from '../../components/ExportButton/index.ts';
import { MaterialsTable } from './MaterialsTable.tsx';
import { jobIdFromSearch, pointCheckExportBody, POINT_CHECK_SIZES, tabKey } from './pointCheckQuery.ts';
import { usePointCheck } from './usePointCheck.ts';
import './pointCheck.css';

/** Point-check tables of one job order (console-spec screen 11), opened from the service report list. */
export function PointCheckPage() {
  const { t } = useTranslation(['pointCheck', 'route']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const jobId = jobIdFromSearch(search);

  const backButton = (
    <Button type="text" icon={<IconLeft />} onClick={() => navigate(routePaths.serviceRecord)} data-testid="point-check-back">
      {t('pointCheck:back')}
    </Button>
  );

  return (
    <section className="point-check-page" data-testid="point-check-page">
      <div className="point-check-heading">
        {backButton}
        <span className="point-check-divider" />
        <h2 className="point-check-title">{t('route:pointCheck')}</h2>
        {jobId !== undefined && <JobOrderName jobId={jobId} />}
      </div>
      {jobId === undefined ? (
        <Result
          status="warning"
          title={t('pointCheck:missingJobTitle')}
          subTitle={t('pointCheck:missingJobHint')}
          data-testid="point-check-missing-job"
        />
      ) : (
        // Keyed by job, so opening another job order starts from its first tab.
        <>
          <PointCheckSheets key={jobId} jobId={jobId} />
          <MaterialsTable jobId={jobId} />
        </>
      )}
    </section>
  );
}

/** The job order as staff know it, by its code and store, rather than by its database id. */
function JobOrderName({ jobId }: { jobId: number }) {
  const { t } = useTranslation('pointCheck');
  const { data: job } = useQuery(jobOrderQueries.info(jobId));
  if (!job) return null;
  return (
    <span className="point-check-job" data-testid="point-check-job">
      <span>{t('jobCode', { code: job.code })}</span>
      <span>{t('jobStore', { store: job.customerName })}</span>
    </span>
  );
}

function PointCheckSheets({ jobId }: { jobId: number }) {
  const { t } = useTranslation(['pointCheck', 'route']);
  const { tabs, sheet, header, rows, selectTab, changePage } = usePointCheck(jobId);

  if (tabs === undefined) return null;
  if (!sheet) return <Empty className="point-check-empty" description={t('pointCheck:empty')} data-testid="point-check-no-tabs" />;

  return (
    <>
      <Tabs
        className="point-check-tabs"
        activeTab={tabKey(sheet.tab)}
        onChange={selectTab}
        data-testid="point-check-tabs"
        extra={
          <ExportButton
            disabled={rows.total === 0}
            request={{
              url: pointCheckExportUrl,
              body: pointCheckExportBody(sheet.tab, rows.total),
              fileName: `${t('route:pointCheck')}-${sheet.tab.deviceTypeName}.xlsx`,
            }}
            testId="point-check-export"
          />
        }
      >
        {tabs.map((tab) => (
          <Tabs.TabPane
            key={tabKey(tab)}
            title={<span data-testid={`point-check-tab-${tabKey(tab)}`}>{tab.deviceTypeName}</span>}
          />
        ))}
      </Tabs>
      <DynamicTable
        header={header}
        rows={rows.records}
        totalRow={rows.totalRow}
        emptyText={t('pointCheck:empty')}
        pagination={{
          current: sheet.current,
          pageSize: sheet.size,
          total: rows.total,
          sizeOptions: POINT_CHECK_SIZES,
          onChange: changePage,
          testId: 'point-check-pagination',
        }}
        testId="point-check-table"
      />
    </>
  );
}
