import { sqlPick } from './hash.ts';
import { STORE_ACTIVITY } from './job-orders-vocabulary.ts';

/** SQL for how busy pests are at a store: a problem store several times the usual, a tidy one half. */
export function sqlStoreActivity(customerId: string): string {
  const draw = sqlPick('store-activity', customerId, 100);
  const { problemPercent, problemFactor, tidyPercent, tidyFactor } = STORE_ACTIVITY;
  return `(case when ${draw} < ${problemPercent} then ${problemFactor}
               when ${draw} < ${problemPercent + tidyPercent} then ${tidyFactor} else 1 end)::float8`;
}
