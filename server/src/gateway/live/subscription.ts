import { createHash } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { compactParams, LiveTopicParams, type LiveTopic } from '@pest/shared';
import { frameProblem } from './frame-bounds.ts';

export type ParsedSubscription = { ok: true; topic: LiveTopic; params: unknown } | { ok: false; message: string };

/**
 * Checks what a client asked to watch. Params are compacted first (empty values mean "no
 * filter", as over HTTP), so two pages asking the same thing share one poller.
 */
export function parseSubscription(request: unknown): ParsedSubscription {
  if (typeof request !== 'object' || request === null) return { ok: false, message: 'subscribe expects { topic, params }' };
  // compactNested recurses: only over a frame known to be shallow.
  const problem = frameProblem(request);
  if (problem) return { ok: false, message: `subscribe refused: ${problem}` };
  const { topic, params = {} } = request as { topic?: unknown; params?: unknown };
  if (typeof topic !== 'string' || !Object.hasOwn(LiveTopicParams, topic)) {
    return { ok: false, message: `unknown topic ${JSON.stringify(topic)}; expected one of ${Object.keys(LiveTopicParams).join(', ')}` };
  }
  const schema = LiveTopicParams[topic as LiveTopic];
  const compacted = compactNested(params);
  if (!Value.Check(schema, compacted)) {
    const first = Value.Errors(schema, compacted).First();
    return { ok: false, message: `invalid params for ${topic}: ${first ? `${first.path || '/'} ${first.message}` : 'rejected'}` };
  }
  return { ok: true, topic: topic as LiveTopic, params: compacted };
}

function compactNested(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const compacted = compactParams(value as Record<string, unknown>);
  for (const [key, inner] of Object.entries(compacted)) (compacted as Record<string, unknown>)[key] = compactNested(inner);
  return compacted;
}

/** One key per (account, topic, params): the unit of polling and the socket room's name. */
export function subscriptionKey(userId: number, topic: LiveTopic, params: unknown): string {
  const digest = createHash('sha256').update(`${userId}\n${topic}\n${canonicalJson(params)}`).digest('base64url');
  return `${topic}:${digest.slice(0, 22)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
