import { AuditObjectType } from '@pest/shared';
import type { AuditedKind } from '../common/audit-log.ts';
import type { Queryable } from '../db/db.ts';
import { findContract, type StoredContract } from './contract-queries.ts';

/** A contract in the audit log: what its editor set and its state, whose it is its customer's. */
export const auditedContract: AuditedKind<Omit<StoredContract, 'id' | 'planCount' | 'customerName'>> = {
  objectType: AuditObjectType.contract,
  async read(tx: Queryable, id: number) {
    const contract = await findContract(tx, null, id);
    if (!contract) return null;
    const { id: _id, planCount: _plans, customerName: _name, ...kept } = contract;
    return kept;
  },
  ownerOf: (contract) => contract.customerId,
};

