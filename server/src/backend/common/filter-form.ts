import type { preHandlerAsyncHookHandler } from 'fastify';
import { filterFormVerdict, type FilterFormConfig, type FilterParams } from '@pest/shared';
import { ApiError } from '../envelope.ts';

/**
 * A route's check of the screen form it answers (ScreenFilterForms): a body that form would have
 * refused is answered 400 with the message the console shows, from the same rules
 * (filterFormVerdict), so the server and the console always agree. `fixed` is what the route
 * itself decides, such as the statistic basis of screen 8's two calls.
 */
export function filterFormRules(form: FilterFormConfig, fixed: Partial<FilterParams> = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    const verdict = filterFormVerdict({ ...(request.body as FilterParams), ...fixed }, form);
    if (!verdict.ok) throw new ApiError(400, verdict.message);
  };
}
