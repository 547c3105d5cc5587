import type { TSchema, Static } from '@sinclair/typebox';
import type { UpstreamClient } from './upstream-client.ts';

/**
 * One kind of thing a client can watch. `poll` asks the upstream for the whole current state;
 * `diff` tells what a client holding `previous` needs to become `next` (null: nothing changed);
 * `full` is what a client that holds nothing needs.
 */
export interface TopicDefinition<P extends TSchema = TSchema, S = unknown, D = unknown> {
  params: P;
  poll(upstream: UpstreamClient, token: string, params: Static<P>, now: Date): Promise<S>;
  diff(previous: S, next: S): D | null;
  full(snapshot: S): D;
}
