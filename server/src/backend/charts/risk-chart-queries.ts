import {
  FOLLOW_UP_TYPE_LABELS,
  RISK_GRADE_LABELS,
  RiskDetailStatus,
  RiskStatus,
  type RiskChart,
  type RiskChartBody,
  type RiskDetailRow,
  type RiskDetailsBody,
} from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { PhotoKind } from '../common/photo-kind.ts';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import type { Scope } from '../scope.ts';
import { riskPhotoPath, sqlRiskPhotoRef } from '../links/risk-photo-path.ts';
import { regionCondition, requireOrganisation, visitConditions } from '../common/summary-filters.ts';
import { sqlRiskAgeDays, sqlRiskOverdue, type RiskAgeing } from '../common/risk-ageing-sql.ts';
import { sqlStoreLabel } from '../common/store-label.ts';
import { requestDayBounds } from './chart-filters.ts';

type RiskFilters = RiskChartBody & Partial<Pick<RiskDetailsBody, 'rectifyStartTime' | 'rectifyEndTime' | 'status'>>;

/**
 * SQL conditions on the risk `r` raised on the job order `j` (joined as type `t`): the store
 * filters and visit period, its region (or a sub-area of it), its type or issue by id, its type
 * by name; for the dialog, its rectification time and tab.
 */
function riskConditions(scope: Scope, filters: RiskFilters, params: SqlParams): string {
  const visits = requestDayBounds(filters.startTime, filters.endTime);
  const rectified = requestDayBounds(filters.rectifyStartTime, filters.rectifyEndTime);
  const conditions = [
    ...visitConditions(scope, { ...filters, startTime: visits.from, endTime: visits.to }, params),
    ...regionCondition('r.region_id', filters.regionIds, params),
    ...sqlTimeRange('r.rectified_at', rectified.from, rectified.to, params),
  ];
  if (filters.riskTypeIds?.length) {
    const ids = params.add(filters.riskTypeIds);
    conditions.push(`(r.risk_type_id = any(${ids}::int[]) or r.issue_id = any(${ids}::int[]))`);
  }
  if (filters.riskTypeNames?.length) conditions.push(`t.name = any(${params.add(filters.riskTypeNames)}::text[])`);
  if (filters.status === RiskDetailStatus.resolved) conditions.push(`r.status = ${RiskStatus.rectified}`);
  if (filters.status === RiskDetailStatus.unresolved) conditions.push(`r.status <> ${RiskStatus.rectified}`);
  return conditions.join(' and ');
}

/** Refuses, before an export's file starts, the dates the queries would refuse (the form's rules ran before). */
export function checkRiskFilters(filters: RiskFilters): void {
  requestDayBounds(filters.startTime, filters.endTime);
  requestDayBounds(filters.rectifyStartTime, filters.rectifyEndTime);
}

/** A risk `r` with its job order `j` and type `t`: what riskConditions filters on. */
const RISK_ROWS = 'risks r join job_orders j on j.id = r.job_order_id join risk_types t on t.id = r.risk_type_id';
const FROM = `from ${RISK_ROWS}`;

/** Screen 12's 风险点汇总: risks raised per risk type name, most first. */
export async function riskChart(db: Queryable, scope: Scope, body: RiskChartBody): Promise<RiskChart> {
  const params = new SqlParams();
  const rows = await db.query<{ name: string; count: number }>(
    `select t.name, count(*) as count ${FROM} where ${riskConditions(scope, body, params)} group by t.name order by count desc, t.name`,
    params.values,
  );
  return { nameList: rows.map((row) => row.name), numberList: rows.map((row) => row.count) };
}

export async function riskDetailCount(db: Queryable, scope: Scope, filters: RiskFilters): Promise<number> {
  const params = new SqlParams();
  const [row] = await db.query<{ total: number }>(`select count(*) as total ${FROM} where ${riskConditions(scope, filters, params)}`, params.values);
  return row!.total;
}

type RiskDetailRecord = Omit<RiskDetailRow, 'riskDesc' | 'followUpType' | 'pictures' | 'solvedPictures'> & {
  location: string;
  grade: keyof typeof RISK_GRADE_LABELS;
  followUpType: keyof typeof FOLLOW_UP_TYPE_LABELS;
  pictures: string[];
  solvedPictures: string[];
};

/**
 * Risk detail rows from `offset`, at most `limit`, newest first, each naming its store. The
 * previous occurrence is the latest earlier risk with the same issue in the same region of the
 * same store. The page is chosen
 * first and only its rows are decorated: the planner cannot estimate the scope's array overlap, and
 * with everything in one query it decorated every risk in the database before sorting (0.6 s at large).
 */
export async function riskDetailRows(
  db: Queryable,
  scope: Scope,
  filters: RiskFilters,
  ageing: RiskAgeing,
  { offset, limit }: { offset: number; limit: number },
): Promise<RiskDetailRow[]> {
  const params = new SqlParams();
  const photos = (risk: string) => `array(select ${sqlRiskPhotoRef('f')} from risk_photos f where f.risk_id = ${risk} and f.kind = ${PhotoKind.before} order by f.position)`;
  const records = await db.query<RiskDetailRecord>(
    `with page as materialized (
       select r.id ${FROM} where ${riskConditions(scope, filters, params)}
       order by r.created_at desc, r.id desc
       limit ${params.add(limit)} offset ${params.add(offset)}
     )
     select r.id, ${photos('r.id')} as pictures, ${sqlStoreLabel('store', requireOrganisation(filters), scope, params)} as "customerName", pest.name as "insectPestName", j.code || '-R' || r.id as "riskNumber",
            t.name as "riskType", r.location, r.grade, top.name as "regionName", issue.name as "issueDesc",
            region.name as "serviceRegionName", region.level as "serviceRegionLevel",
            ${sqlServiceTime('r.rectified_at')} as "dateOfOccurrence", r.advice, r.follow_up_type as "followUpType",
            r.follow_up_measure as "followUpMeasure",
            coalesce(${photos('prev.id')}, '{}') as "solvedPictures", ${sqlServiceTime('prev.created_at')} as "solvedDateOfOccurrence",
            ${sqlServiceTime('r.created_at')} as "createTime",
            ${sqlRiskAgeDays('r', ageing, params)} as "ageDays", ${sqlRiskOverdue('r', ageing, params)} as overdue
     from page
     join (${RISK_ROWS}) on r.id = page.id
     join customers store on store.id = r.customer_id
     join risk_types issue on issue.id = r.issue_id
     join service_regions region on region.id = r.region_id
     join service_regions top on top.id = coalesce(region.parent_id, region.id)
     left join pests pest on pest.id = r.pest_id
     left join lateral (
       select p.id, p.created_at from risks p
       where p.customer_id = r.customer_id and p.region_id = r.region_id and p.issue_id = r.issue_id and p.created_at < r.created_at
       order by p.created_at desc limit 1
     ) prev on true
     order by r.created_at desc, r.id desc`,
    params.values,
  );
  return records.map(({ location, grade, followUpType, pictures, solvedPictures, ...record }) => ({
    ...record,
    pictures: pictures.map(riskPhotoPath),
    riskDesc: `${location}（${RISK_GRADE_LABELS[grade]}）`,
    followUpType: FOLLOW_UP_TYPE_LABELS[followUpType],
    solvedPictures: solvedPictures.map(riskPhotoPath),
  }));
}
