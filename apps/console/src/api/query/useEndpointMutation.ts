import { Message } from '@arco-design/web-react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { TOAST_DURATION_MS, type DataOf, type Endpoint, type InputOf } from '@pest/shared';
import { RequestError, call, reportError, type RequestOptions } from '../http.ts';

export interface EndpointMutationOptions<E extends Endpoint> {
  /** The cache entries the write makes stale: asked again as soon as a screen shows them. */
  invalidates?: (data: DataOf<E>, input: InputOf<E>) => readonly QueryKey[];
  /** What the user is told once it worked (already translated), or nothing. */
  success?: (data: DataOf<E>, input: InputOf<E>) => string | null;
  /**
   * A form that shows a refusal under the field it names: returns whether it did (the field is
   * one of its own). A refusal it does not show is toasted like any other failure.
   */
  showRefusal?: (field: string, message: string) => boolean;
  /** Options of the request itself (its loading overlay text, say). */
  request?: Omit<RequestOptions, 'showsFieldRefusals' | 'exactBody'>;
}

/**
 * Every write of the console, one policy: the endpoint's typed call, `isPending` while it runs (a
 * save button's loading state), the success toast, the cache entries it makes stale, and a
 * refusal shown under its field or toasted, never both and never neither.
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, options: EndpointMutationOptions<E> = {}) {
  const queryClient = useQueryClient();
  const { invalidates, success, showRefusal, request } = options;
  return useMutation<DataOf<E>, unknown, InputOf<E>>({
    mutationFn: (input) => call(endpoint, ...([input, { ...request, exactBody: true, showsFieldRefusals: showRefusal !== undefined }] as never)),
    onSuccess: (data, input) => {
      const said = success?.(data, input);
      if (said) Message.success({ content: said, duration: TOAST_DURATION_MS });
      for (const queryKey of invalidates?.(data, input) ?? []) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      const field = error instanceof RequestError && !error.notified ? error.field : undefined;
      if (field !== undefined && showRefusal?.(field, (error as RequestError).message)) return;
      // The http client told the user already unless this form meant to show it under a field.
      if (field !== undefined) reportError(error);
    },
  });
}
