import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPackStatus } from '@pest/shared';
import { auditPackKeys, auditPackQueries } from '../../api/auditPacks.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { withPackChange } from './auditPackList.ts';

const ALL_MINE = {};

/**
 * The user's recent packs, kept current by the one live client: each step, state and download
 * link the hub pushes is written into the list's cache entry, so the progress bar and the table
 * read the same data. After a reconnect, or an order naming a pack never seen, the list is asked again.
 */
export function useAuditPackList() {
  const queryClient = useQueryClient();
  const list = useQuery(auditPackQueries.list());
  const reload = () => void queryClient.invalidateQueries({ queryKey: auditPackKeys.list, exact: true });

  useLiveTopic('auditPacks', ALL_MINE, {
    onUpdate: ({ data }) => {
      let complete = true;
      queryClient.setQueryData<AuditPackStatus[]>(auditPackKeys.list, (shown) => {
        const next = withPackChange(shown ?? [], data);
        complete = next.complete;
        return next.list;
      });
      if (!complete) reload();
    },
    onResync: reload,
  });
  return list;
}
