/** What to do with a pushed update, given the last sequence number applied on this subscription. */
export type SequenceVerdict = 'apply' | 'ignore' | 'resync';

/**
 * A full update always applies (it is the whole state); the first update after subscribing
 * starts the count; a repeat or an older one is ignored; a jump means a missed change, so the
 * client re-fetches its snapshot and resubscribes.
 */
export function sequenceVerdict(lastSeq: number | null, update: { seq: number; full?: boolean }): SequenceVerdict {
  if (update.full || lastSeq === null) return 'apply';
  if (update.seq <= lastSeq) return 'ignore';
  return update.seq === lastSeq + 1 ? 'apply' : 'resync';
}
