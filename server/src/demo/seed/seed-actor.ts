import { ALL_PERMISSIONS } from '@pest/shared';
import type { AuditActor } from '../../backend/common/audit-log.ts';
import type { Scope } from '../../backend/scope.ts';
import { DEMO_USERS } from './users.ts';

/** Who the seed's writes through the product are by: the provider's administrator, from the seed's own machine. */
export const SEED_ACTOR: AuditActor = { userId: DEMO_USERS[0].id, address: '127.0.0.1' };
export const SEED_SCOPE: Scope = { userId: SEED_ACTOR.userId, isAdmin: true, customerId: null, permissions: new Set(ALL_PERMISSIONS) };
