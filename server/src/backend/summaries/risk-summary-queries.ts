import {
  FOLLOW_UP_TYPE_TEXTS,
  RISK_GRADE_TEXTS,
  tableText,
  type FollowUpType,
  type RiskGrade,
  type RiskSummaryBody,
  type RiskSummaryRow,
  type TextLanguage,
} from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { PhotoKind } from '../common/photo-kind.ts';
import { riskPhotoPath, sqlRiskPhotoRef } from '../links/risk-photo-path.ts';
import { sqlServiceTime } from '../common/service-time.ts';
import { isScopeTop, type Scope } from '../scope.ts';
import { pointConditions, regionCondition, selectedStores, visitConditions } from '../common/summary-filters.ts';
import { sqlRiskAgeDays, sqlRiskOverdue, type RiskAgeing } from '../common/risk-ageing-sql.ts';

type RiskRecord = Omit<RiskSummaryRow, 'grade' | 'followUpType' | 'picturesList' | 'rectifyPicturesList'> & {
  grade: RiskGrade;
  followUpType: FollowUpType;
  before: string[];
  after: string[];
};

type Filters = Omit<RiskSummaryBody, 'current' | 'size'>;


/**
 * SQL conditions on the risk `r` of the job order `j` at the point `pt` (left joined): the visit
 * filters (at `stores`, looked up by selectedStores), its region (or a sub-area of it), its type or issue, its pest and its status. Point
 * and device-type filters keep only risks raised at such a point.
 */
function riskConditions(scope: Scope, filters: Filters, ageing: RiskAgeing, stores: readonly number[], params: SqlParams): string {
  const conditions = [
    // A risk names its visit's store: the open risks' index (migration 220) narrows before the join.
    ...visitConditions(scope, filters, params, stores, 'r.customer_id'),
    ...regionCondition('r.region_id', filters.regionIds, params),
    ...pointConditions('pt', { deviceTypeIds: filters.deviceTypeIds, pointIds: filters.pointIds }, params),
  ];
  if (filters.riskTypeIds?.length) {
    const ids = params.add(filters.riskTypeIds);
    conditions.push(`(r.risk_type_id = any(${ids}::int[]) or r.issue_id = any(${ids}::int[]))`);
  }
  if (filters.petIds?.length) conditions.push(`r.pest_id = any(${params.add(filters.petIds)}::int[])`);
  if (filters.status) conditions.push(`r.status = ${params.add(filters.status)}`);
  if (filters.overdue !== undefined) conditions.push(`${filters.overdue ? '' : 'not '}${sqlRiskOverdue('r', ageing, params)}`);
  return conditions.join(' and ');
}

/** The organisations (or the manager's own customer) the scope sees: the overdue list's default. */
export async function scopeTops(db: Queryable, scope: Scope): Promise<number[]> {
  const params = new SqlParams();
  const rows = await db.query<{ id: number }>(`select c.id from customers c where ${isScopeTop(scope, 'c', params)} order by c.id`, params.values);
  return rows.map((row) => row.id);
}

const JOIN_VISIT = 'join job_orders j on j.id = r.job_order_id';
/** The risk's point `pt`, when the conditions `where` filter on it (riskConditions' point and device-type filters). */
const pointJoin = (where: string) => (/\bpt\./.test(where) ? 'left join points pt on pt.id = r.point_id' : '');

type RiskOrder = 'visit' | 'age';
/** ORDER BY over the risk `r` (and its visit `j`, for 'visit'): newest visit first, or the longest open first. */
const ORDER_BY: Record<RiskOrder, (risk: string, visit: string) => string> = {
  visit: (risk, visit) => `${visit}.started_at desc, ${risk}.id`,
  age: (risk) => `${risk}.created_at, ${risk}.id`,
};

/**
 * A page of the risk summary and how many risks match, in two statements: the matching risks read
 * once, counted and paged (by ids), then only the page's rows decorated. A count and a page apart
 * read the matching risks twice, which PGlite's one connection does in turn.
 */
export async function riskSummaryPage(
  db: Queryable,
  scope: Scope,
  filters: Filters,
  ageing: RiskAgeing,
  { offset, limit, order = 'visit', language }: { offset: number; limit: number; order?: RiskOrder; language: TextLanguage },
): Promise<{ total: number; records: RiskSummaryRow[] }> {
  const stores = await selectedStores(db, scope, filters);
  const params = new SqlParams();
  const where = riskConditions(scope, filters, ageing, stores, params);
  // The visit only when a condition or the order names it: the overdue list asks for neither, and
  // joining every open risk's visit tripled its count's time.
  const visit = order === 'visit' || /\bj\./.test(where);
  const [page] = await db.query<{ total: number; ids: number[] }>(
    `with matched as materialized (
       select r.id, r.created_at${visit ? ', j.started_at' : ''} from risks r ${visit ? JOIN_VISIT : ''} ${pointJoin(where)} where ${where}
     )
     select (select count(*) from matched) as total,
            array(select m.id from matched m order by ${ORDER_BY[order]('m', 'm')} limit ${params.add(limit)} offset ${params.add(offset)}) as ids`,
    params.values,
  );
  const { total, ids } = page!;
  if (ids.length === 0) return { total, records: [] };
  const byId = new SqlParams();
  return { total, records: await riskRows(db, ageing, language, byId, `r.id = any(${byId.add(ids)}::int[])`, `order by ${ORDER_BY[order]('r', 'j')}`) };
}

/**
 * Risks from `offset`, at most `limit`, newest visit first (or the longest open first), with grade
 * and follow-up party in words and their age; `stores` as selectedStores looks them up for `filters`.
 */
export async function riskSummaryRows(
  db: Queryable,
  scope: Scope,
  filters: Filters,
  ageing: RiskAgeing,
  stores: readonly number[],
  { offset, limit, order = 'visit', language }: { offset: number; limit: number; order?: RiskOrder; language: TextLanguage },
): Promise<RiskSummaryRow[]> {
  const params = new SqlParams();
  const where = riskConditions(scope, filters, ageing, stores, params);
  return riskRows(db, ageing, language, params, where, `order by ${ORDER_BY[order]('r', 'j')} limit ${params.add(limit)} offset ${params.add(offset)}`);
}

/**
 * The risks `r` matching `where` (SQL over r, its visit j and its point pt), as rows of the summary,
 * in `ordering`'s order; grade and follow-up party in words of `language`.
 */
async function riskRows(db: Queryable, ageing: RiskAgeing, language: TextLanguage, params: SqlParams, where: string, ordering: string): Promise<RiskSummaryRow[]> {
  const photos = (kind: PhotoKind) =>
    `array(select ${sqlRiskPhotoRef('f')} from risk_photos f where f.risk_id = r.id and f.kind = ${kind} order by f.position)`;
  const name = (table: string, id: string) => `(select x.name from ${table} x where x.id = ${id})`;
  // Names by scalar subqueries, not joins: planning the nine-table join took ~20 ms of a page that
  // runs in 2 ms (the fleet's overdue list at large), each subquery is planned alone.
  const records = await db.query<RiskRecord>(
    `select r.id, s.code as "customerCode", s.name as "customerName", coalesce(s.address, '') as "customerAddress",
            j.staff_name as "serviceStaff", ${sqlServiceTime('j.started_at')} as "realityStartTime", ${sqlServiceTime('j.ended_at')} as "realityEndTime",
            ${name('service_regions', 'r.region_id')} as "regionName", (select x.code from points x where x.id = r.point_id) as "pointName", r.status,
            ${name('risk_types', 'r.risk_type_id')} as "riskType", ${name('risk_types', 'r.issue_id')} as "issueDesc",
            ${name('pests', 'r.pest_id')} as "pestName", r.advice, r.follow_up_measure as "followUpMeasure", r.location,
            r.follow_up_type as "followUpType", r.grade,
            ${sqlRiskAgeDays('r', ageing, params)} as "ageDays", ${sqlRiskOverdue('r', ageing, params)} as overdue,
            ${photos(PhotoKind.before)} as before, ${photos(PhotoKind.after)} as after
     from risks r ${JOIN_VISIT} ${pointJoin(where)}
     join customers s on s.id = r.customer_id
     where ${where}
     ${ordering}`,
    params.values,
  );
  return records.map(({ before, after, grade, followUpType, ...record }) => ({
    ...record,
    followUpType: tableText(FOLLOW_UP_TYPE_TEXTS[followUpType], language),
    grade: tableText(RISK_GRADE_TEXTS[grade], language),
    picturesList: before.map(riskPhotoPath),
    rectifyPicturesList: after.map(riskPhotoPath),
  }));
}
