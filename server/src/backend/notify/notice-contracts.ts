import { chinaDay } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { NotifiedContract } from './contract-messages.ts';

/** The contract a renewal delivery is about, as its message names it on `now`'s day; null when it is gone. */
export async function noticeContract(db: Queryable, id: number, now: Date): Promise<NotifiedContract | null> {
  const [contract] = await db.query<NotifiedContract>(
    `select k.id, k.code, k.name, c.name as "customerName", o.name as "organisationName", to_char(k.end_date, 'YYYY-MM-DD') as "endDate",
            (k.end_date - $2::date) as "daysLeft", k.amount::float8 as amount,
            array(select (i->>'transactionType')::int from jsonb_array_elements(k.items) as i order by 1) as "transactionTypes",
            (select count(distinct s)::int from jsonb_array_elements(k.items) as i cross join jsonb_array_elements_text(i->'customerIds') as s) as "storeCount"
     from contracts k
     join customers c on c.id = k.customer_id
     join customers o on o.id = c.path[1]
     where k.id = $1`,
    [id, chinaDay(now)],
  );
  return contract ?? null;
}
