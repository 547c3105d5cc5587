import type { LiveStore } from './live-store.ts';
import type { TopicDefinition } from './topic.ts';
import { UpstreamRefusedError, UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

/** Whether a subscriber may watch what it asked for, as the upstream says. */
export type ScopeVerdict = { allowed: true } | { allowed: false; unauthorized: boolean; message: string };

/**
 * Asks the upstream once, with the subscriber's token, what the subscription would poll, before
 * it is acknowledged: a device of another organisation answers "not found" and is refused instead
 * of being polled for ever as stale. A key with a stored state has already been answered for this
 * same account and question, so it is not asked again; concurrent checks of one key with one
 * token share one question (another token may be refused where this one is not). An upstream that cannot answer does not refuse: the subscription starts stale.
 */
export function createScopeCheck(upstream: UpstreamClient, store: LiveStore) {
  const inFlight = new Map<string, Promise<ScopeVerdict>>();

  const ask = async (token: string, definition: TopicDefinition, params: unknown): Promise<ScopeVerdict> => {
    try {
      await definition.poll(upstream, token, params, new Date());
      return { allowed: true };
    } catch (error) {
      if (error instanceof UpstreamUnauthorizedError) return { allowed: false, unauthorized: true, message: 'unauthorized' };
      if (error instanceof UpstreamRefusedError) return { allowed: false, unauthorized: false, message: `refused by the upstream (${error.message})` };
      return { allowed: true };
    }
  };

  return async function check(key: string, token: string, definition: TopicDefinition, params: unknown): Promise<ScopeVerdict> {
    if (await store.get(key).catch(() => null)) return { allowed: true };
    const question = `${key}\n${token}`;
    let verdict = inFlight.get(question);
    if (!verdict) {
      verdict = ask(token, definition, params).finally(() => inFlight.delete(question));
      inFlight.set(question, verdict);
    }
    return verdict;
  };
}
