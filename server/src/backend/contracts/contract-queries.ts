import { ContractState, shownContractState, type Contract, type ContractListBody, type ContractItemInput } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** A contract as kept: attachments are stored paths, the state as stored (draft, active, terminated). */
export interface StoredContract extends Omit<Contract, 'attachments' | 'state' | 'daysToEnd' | 'items'> {
  storedState: 'draft' | 'active' | 'terminated';
  items: Contract['items'];
  attachmentPaths: string[];
}

const SELECT = `
  select k.id, k.version, k.code, k.name, k.customer_id as "customerId", c.name as "customerName",
         to_char(k.signed_date, 'YYYY-MM-DD') as "signedDate", to_char(k.start_date, 'YYYY-MM-DD') as "startDate",
         to_char(k.end_date, 'YYYY-MM-DD') as "endDate", k.amount::float8 as amount, k.state as "storedState",
         coalesce((select json_agg(json_build_object(
                     'transactionType', (i->>'transactionType')::int,
                     'customerIds', i->'customerIds',
                     'customerNames', (select coalesce(json_agg(s.name order by u.n), '[]') from jsonb_array_elements_text(i->'customerIds') with ordinality as u(id, n) join customers s on s.id = u.id::int),
                     'visitsPerMonth', (i->>'visitsPerMonth')::int,
                     'reportTemplateType', (i->>'reportTemplateType')::int) order by (i->>'transactionType')::int)
                   from jsonb_array_elements(k.items) as i), '[]') as items,
         k.attachments as "attachmentPaths", k.remark, to_char(k.terminated_on, 'YYYY-MM-DD') as "terminatedOn", k.terminate_reason as "terminateReason",
         (select count(*)::int from service_plans p where p.contract_id = k.id) as "planCount"
  from contracts k join customers c on c.id = k.customer_id`;

/** One contract in scope, or null. */
export async function findContract(db: Queryable, scope: Scope | null, id: number): Promise<StoredContract | null> {
  const params = new SqlParams();
  const [row] = await db.query<StoredContract>(
    `${SELECT} where k.id = ${params.add(id)} and ${scope ? inScope(scope, 'k.customer_id', params) : 'true'}`,
    params.values,
  );
  return row ?? null;
}

/** Contracts in scope, newest first; `today` (Beijing) decides 已到期 and 即将到期. */
export async function listContracts(db: Queryable, scope: Scope, body: ContractListBody, today: string): Promise<{ total: number; records: StoredContract[] }> {
  const params = new SqlParams();
  const conditions = [inScope(scope, 'k.customer_id', params)];
  if (body.customerIds?.length) conditions.push(`c.path && ${params.add(body.customerIds)}::int[]`);
  const keyword = body.keyword?.trim();
  if (keyword) conditions.push(`(strpos(k.code, ${params.add(keyword)}) > 0 or strpos(k.name, ${params.add(keyword)}) > 0)`);
  // Added only when a condition uses it: every parameter sent must be used.
  let added: string | undefined;
  const day = () => (added ??= params.add(today));
  if (body.states?.length) {
    const states = body.states;
    const shown: string[] = [];
    if (states.includes(ContractState.draft)) shown.push(`k.state = 'draft'`);
    if (states.includes(ContractState.terminated)) shown.push(`k.state = 'terminated'`);
    if (states.includes(ContractState.active)) shown.push(`(k.state = 'active' and k.end_date >= ${day()}::date)`);
    if (states.includes(ContractState.expired)) shown.push(`(k.state = 'active' and k.end_date < ${day()}::date)`);
    conditions.push(`(${shown.join(' or ')})`);
  }
  if (body.expiringWithinDays !== undefined) {
    conditions.push(`k.state = 'active' and k.end_date between ${day()}::date and ${day()}::date + ${params.add(body.expiringWithinDays)}::int`);
  }
  const where = conditions.join(' and ');
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from contracts k join customers c on c.id = k.customer_id where ${where}`, params.values);
  const order = body.expiringWithinDays !== undefined ? 'k.end_date, k.id' : 'k.id desc';
  const records = await db.query<StoredContract>(
    `${SELECT} where ${where} order by ${order} limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total: count!.n, records };
}

/** The days from `today` to `endDate` (both yyyy-MM-dd). */
export const daysBetween = (today: string, endDate: string) => Math.round((Date.parse(endDate) - Date.parse(today)) / 86_400_000);

/** A contract as the API shows it on `today`: its state read from the day, its files as links made by `link`. */
export function shownContract({ storedState, attachmentPaths, ...contract }: StoredContract, today: string, link: (path: string) => string): Contract {
  const state = shownContractState(storedState, contract.endDate, today);
  return {
    ...contract,
    state,
    daysToEnd: state === ContractState.active ? daysBetween(today, contract.endDate) : null,
    attachments: attachmentPaths.map((path) => ({ url: link(path), name: path.slice(path.lastIndexOf('/') + 1) })),
  };
}

/** The items as kept in the contract's row (the stores' ids, in the editor's order, once each). */
export const keptItems = (items: readonly ContractItemInput[]) =>
  items.map((item) => ({ ...item, customerIds: [...new Set(item.customerIds)] }));
