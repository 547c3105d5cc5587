import { AuditPackEndpoints, AuditPacksTopicParams, type AuditPacksChange, type AuditPackStatus } from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';
import { differs } from './changes.ts';

/**
 * The user's recent audit packs, so the console that asked for one watches its progress (step,
 * done/total) and sees its download link appear. The list is the token's own user's.
 */
export const auditPacksTopic: TopicDefinition<typeof AuditPacksTopicParams, AuditPackStatus[], AuditPacksChange> = {
  params: AuditPacksTopicParams,
  poll: (upstream, token) => upstream.call(token, AuditPackEndpoints.list),
  diff(previous, next) {
    const before = new Map(previous.map((pack) => [pack.id, pack]));
    const packs = next.filter((pack) => {
      const old = before.get(pack.id);
      return !old || differs(old, pack);
    });
    const reordered = previous.length !== next.length || previous.some((pack, index) => pack.id !== next[index]!.id);
    if (packs.length === 0 && !reordered) return null;
    return reordered ? { packs, ids: next.map((pack) => pack.id) } : { packs };
  },
  full: (snapshot) => ({ packs: snapshot, ids: snapshot.map((pack) => pack.id) }),
};
