import { CustomerKind } from '@pest/shared';
import type { ContactNameListBody, CustomerPageBody, CustomerRecord, Page } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { storeConditions } from '../common/store-filters.ts';

/** One page of the stores in scope that pass the filters, by id, and how many pass in all. */
export async function customerPage(
  db: Queryable,
  scope: Scope,
  { current, size, ...filters }: CustomerPageBody,
): Promise<Page<CustomerRecord>> {
  const params = new SqlParams();
  // A suspended store (客户管理) is no longer offered; its records stay.
  const conditions = [`s.kind = ${CustomerKind.store}`, 's.suspended_at is null', inScope(scope, 's.id', params), ...storeConditions('s', filters, params)];
  const [page] = await db.query<Page<CustomerRecord>>(
    `with matched as (
       select s.id, s.name, s.address, s.path from customers s where ${conditions.join(' and ')}
     ),
     page as (
       select m.id, m.name, coalesce(m.address, '') as address, o.name as "organisationName"
       from matched m
       join customers o on o.id = m.path[1]
       order by m.id
       limit ${params.add(size)} offset ${params.add((current - 1) * size)}
     )
     select (select count(*) from matched) as total,
            coalesce((select json_agg(page order by page.id) from page), '[]'::json) as records`,
    params.values,
  );
  return page!;
}

/** The distinct names of the contacts of stores in scope, optionally within a customer's subtree and a sales area. */
export async function contactNames(db: Queryable, scope: Scope, { customerId, areaId }: ContactNameListBody): Promise<string[]> {
  const params = new SqlParams();
  const conditions = ['s.suspended_at is null', inScope(scope, 's.id', params)];
  if (customerId) conditions.push(`s.path @> array[${params.add(customerId)}::int]`);
  if (areaId) conditions.push(`s.area_id = ${params.add(areaId)}`);
  const rows = await db.query<{ name: string }>(
    `select distinct k.name from contacts k join customers s on s.id = k.customer_id
     where ${conditions.join(' and ')}
     order by k.name`,
    params.values,
  );
  return rows.map((row) => row.name);
}
