import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiMessages, DISPLAY_ALLOWED_PATHS, DISPLAY_TOKEN_PREFIX } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { buildScope, type Scope } from '../scope.ts';
import { findSessionUser } from './sessions.ts';
import { presentedToken, tokenFromHeader } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, the OpenAPI document). Routes are protected by default. */
    public?: boolean;
  }
}

/** Resolves a display token (`dl_…`) to its restricted Scope, or refuses it with a 401 ApiError. */
export type DisplayTokenResolver = (token: string, request: FastifyRequest) => Promise<Scope>;

const displayAllowed = new Set(DISPLAY_ALLOWED_PATHS);

/**
 * Resolves the session token of every request in its scope to the user's Scope. A missing,
 * malformed, unknown or expired token is refused with HTTP 401, which the console answers by
 * going back to the login page. A display token (the display domain resolves it) reaches only the
 * wallboard's own reads: on any other route, known or not, it is a 401 before it is looked up.
 */
export function authenticate(db: Db, adminUserIds: ReadonlySet<number>, resolveDisplay: DisplayTokenResolver): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.routeOptions.config.public) return;
    const presented = presentedToken(request.headers.authorization);
    if (presented.startsWith(DISPLAY_TOKEN_PREFIX)) {
      if (!displayAllowed.has(request.routeOptions.url ?? '')) throw new ApiError(401, ApiMessages.sessionExpired);
      request.scope = await resolveDisplay(presented, request);
      return;
    }
    const token = tokenFromHeader(request.headers.authorization);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new ApiError(401, ApiMessages.sessionExpired);
    request.scope = buildScope(user, adminUserIds);
  };
}
