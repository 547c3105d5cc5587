import { ALL_PERMISSIONS } from '@pest/shared';
import type { AuditActor } from '../backend/common/audit-log.ts';
import type { Scope } from '../backend/scope.ts';
import { DEMO_USERS } from './seed/users.ts';

/** Who the demo's own writes through the product are by (the seed's contracts and articles, the fleet's DevEUIs): the provider's administrator, from this machine. */
export const DEMO_ACTOR: AuditActor = { userId: DEMO_USERS[0].id, address: '127.0.0.1' };
export const DEMO_SCOPE: Scope = { userId: DEMO_ACTOR.userId, isAdmin: true, customerId: null, permissions: new Set(ALL_PERMISSIONS) };
