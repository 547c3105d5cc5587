import i18n from 'i18next';
import { buildParams, filterFormVerdict, type FilterFormConfig, type FilterFormState, type FilterParams } from '@pest/shared';

/** Either the request body, or why nothing may be sent (in the interface language) and how loudly to say it. */
export type QueryCheck =
  { ok: true; params: FilterParams } | { ok: false; level: 'info' | 'warning'; message: string };

/**
 * Query: the body the form would send, judged by the shared rules the server applies to it
 * (filterFormVerdict), so the form refuses exactly what the server would. A refusal carries no
 * params, so nothing is sent; its message is the rule's, in the interface language.
 */
export function validateQuery(state: FilterFormState, config: FilterFormConfig): QueryCheck {
  const params = buildParams(state, config);
  const verdict = filterFormVerdict(params, config);
  if (!verdict.ok) return { ok: false, level: verdict.level, message: i18n.t(`filter:refusal.${verdict.rule}`) };
  return { ok: true, params };
}
