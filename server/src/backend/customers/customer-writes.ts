import { CustomerKind, CustomerMessages, customerProblem, type CustomerSaveBody } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';

interface NodeRow {
  id: number;
  kind: number;
  path: number[];
  suspended: boolean;
  suspendedWith: number | null;
}

const readNode = async (tx: Queryable, id: number, lock: 'for share' | 'for update'): Promise<NodeRow | null> =>
  (
    await tx.query<NodeRow>(
      `select id, kind, path, suspended_at is not null as suspended, suspended_with as "suspendedWith" from customers where id = $1 ${lock}`,
      [id],
    )
  )[0] ?? null;

const unrestricted = (scope: Scope) => scope.isAdmin || scope.customerId === null;

/**
 * Whether the caller keeps `path`'s node: provider staff keep every node; a customer's manager the
 * nodes strictly below their own (their organisation itself, and its place, are the provider's).
 * Outside their subtree the node does not exist for them (404); their own node is refused (403).
 */
function assertKeeps(scope: Scope, path: readonly number[], notFound: string): void {
  if (unrestricted(scope)) return;
  if (!path.includes(scope.customerId!)) throw new ApiError(404, notFound);
  if (path.at(-1) === scope.customerId) throw new ApiError(403, CustomerMessages.outsideOwnCustomer);
}

/** The parent a node is saved under, checked: it exists for the caller, holds nodes, is active, and is not the node or below it. */
async function checkedParent(tx: Queryable, scope: Scope, parentId: number, movingId?: number): Promise<NodeRow> {
  // Shared lock: nobody suspends or moves the parent while the node goes under it.
  const parent = await readNode(tx, parentId, 'for share');
  if (!parent || (!unrestricted(scope) && !parent.path.includes(scope.customerId!))) throw new ApiError(404, CustomerMessages.parentNotFound);
  if (parent.kind === CustomerKind.store) throw new ApiError(400, CustomerMessages.parentIsStore);
  if (movingId !== undefined && parent.path.includes(movingId)) throw new ApiError(400, CustomerMessages.parentIsSelf);
  if (parent.suspended) throw new ApiError(400, CustomerMessages.parentSuspended);
  return parent;
}

/** Province › city › district as the region tree has them, and a sales area that exists. */
async function checkPlace(tx: Queryable, body: CustomerSaveBody): Promise<void> {
  const steps: [number | null | undefined, number, number | null | undefined][] = [
    [body.provinceId, 1, null],
    [body.cityId, 2, body.provinceId],
    [body.districtId, 3, body.cityId],
  ];
  for (const [id, level, parentId] of steps) {
    if (!id) continue;
    const [region] = await tx.query<{ level: number; parentId: number | null }>('select level, parent_id as "parentId" from regions where id = $1', [id]);
    if (!region) throw new ApiError(400, CustomerMessages.regionNotFound);
    if (region.level !== level || (parentId && region.parentId !== parentId)) throw new ApiError(400, CustomerMessages.regionMismatch);
  }
  if (body.areaId && (await tx.query('select 1 from sales_areas where id = $1', [body.areaId])).length === 0) throw new ApiError(400, CustomerMessages.areaNotFound);
}

async function checkCodeFree(tx: Queryable, code: string, id: number | undefined): Promise<void> {
  const taken = await tx.query('select 1 from customers where lower(code) = lower($1) and id is distinct from $2', [code, id ?? null]);
  if (taken.length > 0) throw new ApiError(400, CustomerMessages.codeTaken);
}

/**
 * Adds a node (no id) or edits one, in the caller's transaction, and answers its id. A new parent
 * moves the node and everything below it; the roll-ups follow by their triggers on customers.
 */
export async function saveCustomer(tx: Queryable, scope: Scope, body: CustomerSaveBody): Promise<number> {
  const problem = customerProblem(body);
  if (problem) throw new ApiError(400, problem);
  const fields = {
    name: body.name.trim(),
    code: body.code.trim(),
    address: body.address?.trim() || null,
    provinceId: body.provinceId ?? null,
    cityId: body.cityId ?? null,
    districtId: body.districtId ?? null,
    areaId: body.areaId ?? null,
  };
  const columns = [fields.name, fields.code, fields.address, fields.provinceId, fields.cityId, fields.districtId, fields.areaId];
  let id = body.id;
  if (id === undefined) {
    if (body.kind === CustomerKind.organisation && !unrestricted(scope)) throw new ApiError(403, CustomerMessages.organisationStaffOnly);
    const parent = body.parentId === null ? null : await checkedParent(tx, scope, body.parentId);
    await checkPlace(tx, body);
    await checkCodeFree(tx, fields.code, undefined);
    const [row] = await refusedAsTaken(CustomerMessages.codeTaken, () =>
      tx.query<{ id: number }>(
        `with next as (select nextval(pg_get_serial_sequence('customers', 'id'))::int as id)
         insert into customers (id, parent_id, kind, path, name, code, address, province_id, city_id, district_id, area_id)
         select next.id, $8, $9, coalesce($10::int[], '{}') || next.id, $1, $2, $3, $4, $5, $6, $7 from next
         returning id`,
        [...columns, body.parentId, body.kind, parent?.path ?? null],
      ),
    );
    id = row!.id;
  } else {
    const node = await lockedNode(tx, scope, id, body.version);
    if (node.suspended) throw new ApiError(400, CustomerMessages.suspendedReadOnly);
    if (node.kind !== body.kind) throw new ApiError(400, CustomerMessages.kindFixed);
    await checkPlace(tx, body);
    await checkCodeFree(tx, fields.code, id);
    const currentParent = node.path.length > 1 ? node.path.at(-2)! : null;
    if (body.parentId !== currentParent) {
      const parent = await checkedParent(tx, scope, body.parentId!, id);
      // The node and everything below it: the parent's path, then each row's own part from the node down.
      await tx.query('update customers set path = $2::int[] || path[$3:] where path @> array[$1::int]', [id, parent.path, node.path.length]);
      await tx.query('update customers set parent_id = $2 where id = $1', [id, body.parentId]);
    }
    await refusedAsTaken(CustomerMessages.codeTaken, () =>
      tx.query(
        `update customers set name = $1, code = $2, address = $3, province_id = $4, city_id = $5, district_id = $6, area_id = $7, version = version + 1
         where id = $8`,
        [...columns, id],
      ),
    );
  }
  if (body.contacts) {
    await tx.query('delete from contacts where customer_id = $1', [id]);
    await tx.query(
      `insert into contacts (customer_id, name, phone)
       select $1, c->>'name', c->>'phone' from jsonb_array_elements($2::jsonb) with ordinality as t(c, n) order by n`,
      [id, JSON.stringify(body.contacts.map((contact) => ({ name: contact.name.trim(), phone: contact.phone.trim() })))],
    );
  }
  return id;
}

/** Suspends a node and what is still active below it, all remembering this suspension. */
export async function suspendCustomer(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  const node = await lockedNode(tx, scope, id, version);
  if (node.suspended) return;
  await tx.query(
    `update customers set suspended_at = now(), suspended_with = $1, version = version + 1
     where path @> array[$1::int] and suspended_at is null`,
    [id],
  );
}

/** Resumes a node suspended on its own, and what was suspended with it; one suspended with a node above waits for that one. */
export async function resumeCustomer(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  const node = await lockedNode(tx, scope, id, version);
  if (!node.suspended) return;
  if (node.suspendedWith !== id) throw new ApiError(400, CustomerMessages.resumeAncestorFirst);
  await tx.query('update customers set suspended_at = null, suspended_with = null, version = version + 1 where suspended_with = $1', [id]);
}

/** The node an edit is about, locked, once the caller is known to keep it and to have seen its version. */
async function lockedNode(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<NodeRow> {
  const node = await readNode(tx, id, 'for update');
  if (!node) throw new ApiError(404, CustomerMessages.notFound);
  assertKeeps(scope, node.path, CustomerMessages.notFound);
  await lockForEdit(tx, 'customers', id, version);
  return node;
}
