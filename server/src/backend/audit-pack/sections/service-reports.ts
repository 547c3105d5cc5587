import { CHINA_TIME_ZONE, JobOrderState } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';
import type { FileStore } from '../../files/file-store.ts';
import { loadServiceReport } from '../../job-orders/report-data.ts';
import { renderServiceReport } from '../../job-orders/service-report-pdf.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';

/** Every visit done at the store in the period, oldest first: one PDF service report each. */
export async function serviceReportEntries(db: Queryable, storeId: number, period: PackPeriod, folder: string, uploads: FileStore): Promise<PackEntry[]> {
  const visits = await db.query<{ id: number; code: string; day: string }>(
    `select j.id, j.code, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as day
     from job_orders j
     where j.customer_id = $1 and j.state = '${JobOrderState.done}'
       and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date
     order by j.started_at, j.id`,
    [storeId, period.startDate, period.endDate],
  );
  return visits.map((visit) => ({
    section: 'serviceReports',
    name: `${folder}${visit.day}-${visit.code}.pdf`,
    open: async () => {
      const report = await loadServiceReport(db, visit.id, uploads);
      if (!report) throw new Error(`job order ${visit.id} has no report`);
      return renderServiceReport(report);
    },
  }));
}
