import { AuditObjectType, CUSTOMER_KIND_LABELS, CustomerState } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';
import type { Scope } from '../scope.ts';
import { findCustomer } from './customer-detail-queries.ts';

/** A customer node as its audit entries show it: names, not ids, so an entry reads without the tree beside it. */
interface AuditedCustomer {
  kind: string;
  name: string;
  code: string;
  parent: string | null;
  region: string | null;
  address: string | null;
  area: string | null;
  contacts: string | null;
  state: string;
}

/** A node's entries belong to the node: the managers of the subtree it is in read them. */
export const auditedCustomer = (scope: Scope): AuditedKind<AuditedCustomer> => ({
  objectType: AuditObjectType.customer,
  async read(tx, id) {
    const node = await findCustomer(tx, scope, id);
    return (
      node && {
        kind: CUSTOMER_KIND_LABELS[node.kind],
        name: node.name,
        code: node.code,
        parent: node.ancestorNames.join(' / ') || null,
        region: node.regionName || null,
        address: node.address,
        area: node.areaName,
        contacts: node.contacts.map((contact) => `${contact.name} ${contact.phone}`).join('；') || null,
        state: node.state === CustomerState.active ? '正常' : '已停用',
      }
    );
  },
  ownerOf: (_node, id) => id,
});
