import type { onRequestAsyncHookHandler } from 'fastify';
import { ApiMessages } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { buildScope } from '../scope.ts';
import { findSessionUser } from './sessions.ts';
import { tokenFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, the OpenAPI document). Routes are protected by default. */
    public?: boolean;
  }
}

/**
 * Resolves the session token of every request in its scope to the user's Scope. A missing,
 * malformed, unknown or expired token is refused with HTTP 401, which the console answers by
 * going back to the login page.
 */
export function authenticate(db: Db, adminUserIds: ReadonlySet<number>): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.routeOptions.config.public) return;
    const token = tokenFromHeader(request.headers.authorization);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new ApiError(401, ApiMessages.sessionExpired);
    request.scope = buildScope(user, adminUserIds);
  };
}
