import { CustomerKind, CustomerState, type CustomerDetail, type CustomerListBody, type Page } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** A node as 客户管理 shows it, from the customer row `c`. */
const DETAIL_COLUMNS = `c.id, c.version, c.parent_id as "parentId", c.kind, c.name, coalesce(c.code, '') as code,
  coalesce((select array_agg(a.name order by array_position(c.path, a.id)) from customers a where a.id = any(c.path) and a.id <> c.id), '{}') as "ancestorNames",
  cardinality(c.path) - 1 as depth,
  c.province_id as "provinceId", c.city_id as "cityId", c.district_id as "districtId",
  concat_ws(' ', (select name from regions where id = c.province_id), (select name from regions where id = c.city_id),
    (select name from regions where id = c.district_id)) as "regionName",
  c.address, c.area_id as "areaId", (select name from sales_areas where id = c.area_id) as "areaName",
  coalesce((select json_agg(json_build_object('name', k.name, 'phone', k.phone) order by k.id) from contacts k where k.customer_id = c.id), '[]') as contacts,
  case when c.suspended_at is null then '${CustomerState.active}' else '${CustomerState.suspended}' end as state,
  coalesce(c.suspended_with <> c.id, false) as "suspendedWithAncestor",
  (select count(*) from customers s where s.path @> array[c.id] and s.kind = ${CustomerKind.store} and s.suspended_at is null)::int as "storeCount"`;

/** One page of the tree in scope, in tree order (each node right after its parent), and how many match. */
export async function customerList(db: Queryable, scope: Scope, { current, size, keyword, kinds, state, underId }: CustomerListBody): Promise<Page<CustomerDetail>> {
  const params = new SqlParams();
  const conditions = [inScope(scope, 'c.id', params)];
  if (keyword?.trim()) {
    const text = params.add(keyword.trim());
    conditions.push(`(strpos(lower(c.name), lower(${text})) > 0 or strpos(lower(c.code), lower(${text})) > 0)`);
  }
  if (kinds?.length) conditions.push(`c.kind = any(${params.add(kinds)}::int[])`);
  if (state === CustomerState.active) conditions.push('c.suspended_at is null');
  if (state === CustomerState.suspended) conditions.push('c.suspended_at is not null');
  if (underId) conditions.push(`c.path @> array[${params.add(underId)}::int]`);
  const [page] = await db.query<Page<CustomerDetail>>(
    `with matched as (select c.id, c.path from customers c where ${conditions.join(' and ')}),
     page as (
       select ${DETAIL_COLUMNS}, m.path as sort_path
       from (select * from matched order by path limit ${params.add(size)} offset ${params.add((current - 1) * size)}) m
       join customers c on c.id = m.id
     )
     select (select count(*) from matched)::int as total,
            coalesce((select json_agg(to_jsonb(page) - 'sort_path' order by page.sort_path) from page), '[]'::json) as records`,
    params.values,
  );
  return page!;
}

/** The node `id` in scope, or null. */
export async function findCustomer(db: Queryable, scope: Scope, id: number): Promise<CustomerDetail | null> {
  const params = new SqlParams();
  const [row] = await db.query<CustomerDetail>(`select ${DETAIL_COLUMNS} from customers c where c.id = ${params.add(id)} and ${inScope(scope, 'c.id', params)}`, params.values);
  return row ?? null;
}
