import { AuditAction, AuditObjectType, CHINA_TIME_ZONE, ServiceConfigLimits, TRANSACTION_TYPE_LABELS, type TransactionType } from '@pest/shared';
import type { AuditActor } from '../common/audit-log.ts';
import { recordAudit, type AuditEntryInput } from '../common/audit-log.ts';
import { insertPlan } from '../common/new-plan.ts';
import type { Queryable } from '../db/db.ts';

export interface ContractTerms {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  items: { transactionType: TransactionType; customerIds: number[]; visitsPerMonth: number; reportTemplateType: number }[];
}

interface PlanRow {
  id: number;
  customerId: number;
  transactionType: number;
  contractId: number | null;
  startDate: string;
  endDate: string;
  visitsPerMonth: number;
  reportTemplateType: number;
}

/** The plan's name when a contract makes it: the contract and what it covers, within the plan name's limit. */
const planName = (contract: ContractTerms, type: TransactionType) => {
  const suffix = `·${TRANSACTION_TYPE_LABELS[type]}`;
  return contract.name.slice(0, ServiceConfigLimits.planName - suffix.length) + suffix;
};

const audited = (plan: Pick<PlanRow, 'id' | 'customerId'>, action: AuditAction, changes: AuditEntryInput['changes']): AuditEntryInput => ({
  objectType: AuditObjectType.servicePlan,
  objectId: plan.id,
  action,
  owner: plan.customerId,
  changes,
});

/**
 * Makes the stores' service plans follow an active contract, in the caller's transaction: for each
 * item and store, the plan this contract made, else the store's plan of that transaction type no
 * contract holds yet (the one the provider set up before the contract was entered), else a new
 * plan, gets the contract's period, visits per month and report layout. A plan of this contract
 * whose store or type left it ends today (its visits stay). Each plan changed is audited.
 */
export async function applyContractToPlans(tx: Queryable, actor: AuditActor, contract: ContractTerms, today: string) {
  const plans = await tx.query<PlanRow>(
    `select id, customer_id as "customerId", transaction_type as "transactionType", contract_id as "contractId",
            to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate",
            visits_per_month as "visitsPerMonth", report_template_type as "reportTemplateType"
     from service_plans
     where contract_id = $1 or (contract_id is null and customer_id = any($2::int[]))
     order by id
     for update`,
    [contract.id, contract.items.flatMap((item) => item.customerIds)],
  );
  const [riskGroup] = await tx.query<{ id: number }>('select min(id) as id from risk_groups');
  const entries: AuditEntryInput[] = [];
  const kept = new Set<number>();
  let plansCreated = 0;
  let plansUpdated = 0;
  for (const item of contract.items) {
    for (const storeId of item.customerIds) {
      const fits = (plan: PlanRow) => plan.customerId === storeId && plan.transactionType === item.transactionType && !kept.has(plan.id);
      const plan = plans.find((row) => fits(row) && row.contractId === contract.id) ?? plans.find((row) => fits(row) && row.contractId === null);
      const terms = { contractId: contract.id, startDate: contract.startDate, endDate: contract.endDate, visitsPerMonth: item.visitsPerMonth, reportTemplateType: item.reportTemplateType };
      if (!plan) {
        const id = await insertPlan(tx, {
          customerId: storeId,
          name: planName(contract, item.transactionType),
          pestIds: [],
          riskGroupId: riskGroup!.id,
          transactionType: item.transactionType,
          ...terms,
        });
        kept.add(id);
        plansCreated++;
        entries.push(audited({ id, customerId: storeId }, AuditAction.create, { contractId: { before: null, after: contract.id }, name: { before: null, after: planName(contract, item.transactionType) } }));
        continue;
      }
      kept.add(plan.id);
      const changes: AuditEntryInput['changes'] = {};
      for (const [field, value] of Object.entries(terms) as [keyof typeof terms, string | number][]) {
        if (plan[field] !== value) changes[field] = { before: plan[field], after: value };
      }
      if (Object.keys(changes).length === 0) continue;
      await tx.query(
        `update service_plans set contract_id = $2, start_date = $3, end_date = $4, visits_per_month = $5, report_template_type = $6, version = version + 1 where id = $1`,
        [plan.id, contract.id, contract.startDate, contract.endDate, item.visitsPerMonth, item.reportTemplateType],
      );
      plansUpdated++;
      entries.push(audited(plan, AuditAction.update, changes));
    }
  }
  const left = plans.filter((plan) => plan.contractId === contract.id && !kept.has(plan.id));
  const plansEnded = await endPlans(tx, left, today, entries);
  await recordAudit(tx, actor, ...entries);
  return { plansCreated, plansUpdated, plansEnded };
}

/** Ends the plans on `lastDay` (those ending later), each audited in `entries`; answers how many. */
async function endPlans(tx: Queryable, plans: readonly PlanRow[], lastDay: string, entries: AuditEntryInput[]): Promise<number> {
  const ending = plans.filter((plan) => plan.endDate > lastDay);
  if (ending.length === 0) return 0;
  await tx.query('update service_plans set end_date = greatest(start_date, $2::date), version = version + 1 where id = any($1::int[])', [ending.map((plan) => plan.id), lastDay]);
  for (const plan of ending) entries.push(audited(plan, AuditAction.update, { endDate: { before: plan.endDate, after: lastDay < plan.startDate ? plan.startDate : lastDay } }));
  return ending.length;
}

/**
 * A terminated contract's plans end on its last day, and the visits planned after it are
 * cancelled with the reason (done and started ones stay). Answers how many visits were cancelled.
 */
export async function endContractPlans(tx: Queryable, actor: AuditActor, contractId: number, lastDay: string, reason: string, now: Date): Promise<number> {
  const plans = await tx.query<PlanRow>(
    `select id, customer_id as "customerId", transaction_type as "transactionType", contract_id as "contractId",
            to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate",
            visits_per_month as "visitsPerMonth", report_template_type as "reportTemplateType"
     from service_plans where contract_id = $1 order by id for update`,
    [contractId],
  );
  const entries: AuditEntryInput[] = [];
  await endPlans(tx, plans, lastDay, entries);
  const cancelled = await tx.query<{ id: number; customerId: number }>(
    `update job_orders set state = 'cancelled', cancelled_at = $3, cancel_reason = $4, version = version + 1
     where plan_id = any($1::int[]) and state = 'planned' and (started_at at time zone '${CHINA_TIME_ZONE}')::date > $2::date
     returning id, customer_id as "customerId"`,
    [plans.map((plan) => plan.id), lastDay, now, `合同已终止：${reason}`],
  );
  for (const visit of cancelled) {
    entries.push({ objectType: AuditObjectType.visit, objectId: visit.id, action: AuditAction.cancel, owner: visit.customerId, changes: { state: { before: 'planned', after: 'cancelled' } } });
  }
  await recordAudit(tx, actor, ...entries);
  return cancelled.length;
}
