import type { Queryable } from '../db.ts';

export const PROVIDER_NAME = '绿盾有害生物防治服务有限公司';
export const DEMO_CUSTOMER_NAME = '味多美餐饮管理有限公司';

export interface SeededOrganisations {
  providerId: number;
  demoCustomerId: number;
}

/** The provider running the console and the customer chain its demo manager belongs to. */
export async function seedOrganisations(tx: Queryable): Promise<SeededOrganisations> {
  const [provider] = await tx.query<{ id: number }>('insert into providers (name) values ($1) returning id', [PROVIDER_NAME]);
  const [customer] = await tx.query<{ id: number }>('insert into customers (name) values ($1) returning id', [
    DEMO_CUSTOMER_NAME,
  ]);
  return { providerId: provider!.id, demoCustomerId: customer!.id };
}
