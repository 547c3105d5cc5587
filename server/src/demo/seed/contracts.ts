import { AuditAction, AuditObjectType, chinaDay, CustomerKind, ReportTemplateType, TransactionType } from '@pest/shared';
import { auditChanges, recordAudit } from '../../backend/common/audit-log.ts';
import { auditedContract } from '../../backend/contracts/contract-audit.ts';
import { activateContract, saveContract, type ContractWriteContext } from '../../backend/contracts/contract-writes.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { DEMO_ACTOR as ACTOR, DEMO_SCOPE as SCOPE } from '../demo-actor.ts';
import { PLAN_YEAR } from './vocabulary.ts';

/**
 * The demo customer's contracts, through the product's own contract writes: this year's pest control
 * for every store, activated (its stores' main plans follow it, as a provider entering a contract
 * for plans already set up would see), and next year's renewal as a draft. This year's ends with the
 * plans on 31 December, so from December it shows under 即将到期.
 */
export async function seedContracts(tx: Queryable, organisationId: number, now: Date): Promise<void> {
  const stores = (await tx.query<{ id: number }>('select id from customers where path[1] = $1 and kind = $2 order by id', [organisationId, CustomerKind.store])).map((row) => row.id);
  if (stores.length === 0) return;
  const today = chinaDay(now);
  const context: ContractWriteContext = { scope: SCOPE, actor: ACTOR, today, fileBase: '' };
  const pestControl = (year: number, visitsPerMonth: number) => ({
    customerId: organisationId,
    signedDate: `${year - 1}-12-15`,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    items: [{ transactionType: TransactionType.pest, customerIds: stores, visitsPerMonth, reportTemplateType: ReportTemplateType.pestFull }],
  });
  // Each write logged as the API logs it: what the contract became, field by field.
  const audited = async (action: AuditAction, id: number | null, write: () => Promise<number>) => {
    const before = id === null ? null : await auditedContract.read(tx, id);
    const saved = await write();
    const after = (await auditedContract.read(tx, saved))!;
    await recordAudit(tx, ACTOR, { objectType: AuditObjectType.contract, objectId: saved, action, owner: organisationId, changes: auditChanges(before, after) });
    return saved;
  };
  const current = await audited(AuditAction.create, null, () =>
    saveContract(tx, { ...pestControl(PLAN_YEAR, 2), code: `HT-${PLAN_YEAR}-001`, name: `${PLAN_YEAR}年度虫害防治服务合同`, amount: 36_000 * stores.length, remark: '含每月两次常规服务及告警上门' }, context),
  );
  await audited(AuditAction.create, null, () =>
    saveContract(
      tx,
      { ...pestControl(PLAN_YEAR + 1, 2), code: `HT-${PLAN_YEAR + 1}-001`, name: `${PLAN_YEAR + 1}年度虫害防治服务合同（续签）`, amount: 37_800 * stores.length, remark: '续签草稿，待客户确认' },
      context,
    ),
  );
  // A demo seeded after its year's end has nothing left to activate.
  if (`${PLAN_YEAR}-12-31` < today) return;
  await audited(AuditAction.activate, current, async () => {
    await activateContract(tx, current, undefined, context, now);
    return current;
  });
}
