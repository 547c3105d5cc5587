import { ContractMessages, contractProblem, OSS_PUBLIC_PATH, type ContractSaveBody, type ContractTerminateBody } from '@pest/shared';
import type { AuditActor } from '../common/audit-log.ts';
import { lockForEdit } from '../common/edit-version.ts';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import { applyContractToPlans, endContractPlans } from './contract-plans.ts';
import { findContract, keptItems, type StoredContract } from './contract-queries.ts';

/** The contract an edit is about: in scope, locked at the version its editor saw. */
async function lockedContract(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<StoredContract> {
  if (!(await findContract(tx, scope, id)) || !(await lockForEdit(tx, 'contracts', id, version))) throw new ApiError(404, ContractMessages.notFound);
  return (await findContract(tx, scope, id))!;
}

/** The contract's customer is in scope and not suspended; its items' stores are unsuspended stores below it. */
async function checkCustomers(tx: Queryable, scope: Scope, body: ContractSaveBody): Promise<void> {
  const params = new SqlParams();
  const [customer] = await tx.query(
    `select 1 from customers c where c.id = ${params.add(body.customerId)} and c.suspended_at is null and ${inScope(scope, 'c.id', params)} for share of c`,
    params.values,
  );
  if (!customer) throw new ApiError(400, ContractMessages.customerNotFound, 'customerId');
  const storeIds = [...new Set(body.items.flatMap((item) => item.customerIds))];
  const [stores] = await tx.query<{ n: number }>(
    `select count(*)::int as n from customers where id = any($1::int[]) and kind = 3 and suspended_at is null and path @> array[$2::int]`,
    [storeIds, body.customerId],
  );
  if (stores!.n !== storeIds.length) throw new ApiError(400, ContractMessages.storeOutside, 'items');
}

/** The attachments as kept: paths of our object store. */
function attachmentPaths(urls: readonly string[], fileBase: string): string[] {
  const paths = urls.map(storedImagePath);
  if (paths.some((path) => !isOurImage(path, fileBase) && !isOurImage(path, OSS_PUBLIC_PATH))) throw new ApiError(400, ContractMessages.attachmentNotOurs, 'attachments');
  return [...new Set(paths)];
}

export interface ContractWriteContext {
  scope: Scope;
  actor: AuditActor;
  today: string;
  fileBase: string;
}

/**
 * Drafts a contract or edits one at the version its editor loaded; answers its id. A terminated or
 * expired contract is history and stays as it was; an active one may be amended (a store added, a
 * visit more a month), and its plans follow at once.
 */
export async function saveContract(tx: Queryable, body: ContractSaveBody, { scope, actor, today, fileBase }: ContractWriteContext): Promise<number> {
  const problem = contractProblem(body);
  if (problem) throw new ApiError(400, problem);
  const existing = body.id === undefined ? null : await lockedContract(tx, scope, body.id, body.version);
  if (existing && (existing.storedState === 'terminated' || (existing.storedState === 'active' && existing.endDate < today))) {
    throw new ApiError(400, ContractMessages.notEditable);
  }
  if (existing?.storedState === 'active' && existing.customerId !== body.customerId) throw new ApiError(400, ContractMessages.customerLocked, 'customerId');
  await checkCustomers(tx, scope, body);
  const values = [
    body.customerId,
    body.code.trim(),
    body.name.trim(),
    body.signedDate,
    body.startDate,
    body.endDate,
    JSON.stringify(keptItems(body.items)),
    body.amount,
    attachmentPaths(body.attachments ?? [], fileBase),
    body.remark?.trim() || null,
  ];
  const id = await refusedAsTaken(ContractMessages.codeTaken, async () => {
    const [taken] = await tx.query('select 1 from contracts where code = $1 and id <> $2', [body.code.trim(), body.id ?? 0]);
    if (taken) throw new ApiError(400, ContractMessages.codeTaken, 'code');
    if (!existing) {
      const [row] = (await tx.query<{ id: number }>(
        `insert into contracts (customer_id, code, name, signed_date, start_date, end_date, items, amount, attachments, remark, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [...values, actor.userId > 0 ? actor.userId : null],
      )) as [{ id: number }];
      return row.id;
    }
    await tx.query(
      `update contracts set customer_id = $1, code = $2, name = $3, signed_date = $4, start_date = $5, end_date = $6, items = $7, amount = $8,
         attachments = $9, remark = $10, version = version + 1
       where id = $11`,
      [...values, existing.id],
    );
    return existing.id;
  });
  if (existing?.storedState === 'active') await applyContractToPlans(tx, actor, { ...body, id, items: keptItems(body.items) }, today);
  return id;
}

/** Activates a draft: its stores' plans follow it. Answers what happened to the plans. */
export async function activateContract(tx: Queryable, id: number, version: number | undefined, { scope, actor, today }: ContractWriteContext, now: Date) {
  const contract = await lockedContract(tx, scope, id, version);
  if (contract.storedState !== 'draft') throw new ApiError(400, ContractMessages.activateOnlyDraft);
  if (contract.endDate < today) throw new ApiError(400, ContractMessages.activateEnded);
  await tx.query(`update contracts set state = 'active', activated_at = $2, version = version + 1 where id = $1`, [id, now]);
  return applyContractToPlans(tx, actor, contract, today);
}

/** Terminates an active contract on its last day (today unless named), with the reason; answers how many planned visits were cancelled. */
export async function terminateContract(tx: Queryable, body: ContractTerminateBody, { scope, actor, today }: ContractWriteContext, now: Date): Promise<number> {
  const reason = body.reason.trim();
  if (!reason) throw new ApiError(400, ContractMessages.reasonRequired, 'reason');
  const contract = await lockedContract(tx, scope, body.id, body.version);
  if (contract.storedState !== 'active' || contract.endDate < today) throw new ApiError(400, ContractMessages.terminateOnlyActive);
  const lastDay = body.terminatedOn ?? today;
  if (lastDay < contract.startDate || lastDay > contract.endDate) throw new ApiError(400, ContractMessages.terminatedOnOutside, 'terminatedOn');
  await tx.query(
    `update contracts set state = 'terminated', terminated_at = $2, terminated_on = $3, terminate_reason = $4, version = version + 1 where id = $1`,
    [body.id, now, lastDay, reason],
  );
  return endContractPlans(tx, actor, body.id, lastDay, reason, now);
}
