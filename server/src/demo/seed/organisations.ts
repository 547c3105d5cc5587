import type { Queryable } from '../../backend/db/db.ts';

export const PROVIDER_NAME = '绿盾有害生物防治服务有限公司';
/** The organisation of the demo customer manager; the generator gives it id 1. */
export const DEMO_CUSTOMER_NAME = '味多美餐饮管理有限公司';

export interface SeededOrganisations {
  providerId: number;
  demoCustomerId: number;
}

/** The provider running the console. */
export async function seedProvider(tx: Queryable): Promise<number> {
  const [provider] = await tx.query<{ id: number }>('insert into providers (name) values ($1) returning id', [PROVIDER_NAME]);
  return provider!.id;
}
