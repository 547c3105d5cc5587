import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

export interface NewPlan {
  customerId: number;
  name: string;
  startDate: string;
  endDate: string;
  visitsPerMonth: number;
  pestIds: readonly number[];
  riskGroupId: number;
  contractId?: number;
  transactionType?: number;
  reportTemplateType?: number;
}

/**
 * Adds a store's service plan with its floor plan (the link token its placement map is shared
 * by), whoever adds it: 服务配置's editor or a contract being activated. Answers its id.
 */
export async function insertPlan(tx: Queryable, plan: NewPlan): Promise<number> {
  const [row] = (await tx.query<{ id: number }>(
    `insert into service_plans (customer_id, name, start_date, end_date, visits_per_month, pest_ids, risk_group_id, contract_id, transaction_type, report_template_type)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, 1), coalesce($10, 2)) returning id`,
    [plan.customerId, plan.name, plan.startDate, plan.endDate, plan.visitsPerMonth, [...plan.pestIds], plan.riskGroupId, plan.contractId ?? null, plan.transactionType ?? null, plan.reportTemplateType ?? null],
  )) as [{ id: number }];
  await tx.query('insert into floor_plans (plan_id, token) values ($1, $2)', [row.id, randomBytes(16).toString('hex')]);
  return row.id;
}
