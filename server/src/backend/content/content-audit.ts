import { AuditObjectType } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';
import { findContent } from './content-queries.ts';

interface AuditedContent {
  kind: string;
  title: string;
  html: string;
  customerIds: number[] | null;
  state: string;
  publishedAt: string | null;
  withdrawnAt: string | null;
}

/** An item in the audit log: what its editor set (the HTML as kept) and where it stands; the provider's own. */
export const auditedContent = (scope: Scope): AuditedKind<AuditedContent> => ({
  objectType: AuditObjectType.content,
  async read(tx: Queryable, id: number) {
    const item = await findContent(tx, scope, id);
    if (!item) return null;
    const { kind, title, html, customerIds, state, publishedAt, withdrawnAt } = item;
    return { kind, title, html, customerIds, state, publishedAt, withdrawnAt };
  },
  ownerOf: () => null,
});

