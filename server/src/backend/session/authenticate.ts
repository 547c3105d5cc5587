import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiMessages, DISPLAY_TOKEN_PREFIX, MUST_CHANGE_PASSWORD_ALLOWED_PATHS } from '@pest/shared';
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

const mustChangeAllowed = new Set(MUST_CHANGE_PASSWORD_ALLOWED_PATHS);

/**
 * Resolves the session token of every request in its scope to the user's Scope. A missing,
 * malformed, unknown or expired token is refused with HTTP 401, which the console answers by
 * going back to the login page. A display token (the display domain resolves it) reaches only the
 * wallboard's own reads (the endpoints whose access is `display`): on any other route, known or
 * not, a valid one gets 403. So does an account that must change the password it was given, on
 * anything but the session's own calls.
 */
export function authenticate(db: Db, resolveDisplay: DisplayTokenResolver): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.routeOptions.config.public) return;
    const presented = presentedToken(request.headers.authorization);
    if (presented.startsWith(DISPLAY_TOKEN_PREFIX)) {
      const scope = await resolveDisplay(presented, request);
      // A valid link asking for more than the board reads is refused, not logged out: a 401 would
      // make the live hub drop the token and every screen on it.
      if (request.routeOptions.config.endpoint?.access !== 'display') throw new ApiError(403, ApiMessages.displayOnlyReadsTheBoard);
      refuseWithoutPermission(request, scope);
      request.scope = scope;
      return;
    }
    const token = tokenFromHeader(request.headers.authorization);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) throw new ApiError(401, ApiMessages.sessionExpired);
    // 403, not 401: the session is good, the console keeps it and asks for the new password.
    if (user.mustChangePassword && !mustChangeAllowed.has(request.routeOptions.url ?? '')) throw new ApiError(403, ApiMessages.mustChangePassword);
    const scope = buildScope(user);
    refuseWithoutPermission(request, scope);
    request.scope = scope;
  };
}

/** 403 when the endpoint names a permission the caller's roles do not grant: the same keys hide the console's menu entries and buttons. */
function refuseWithoutPermission(request: FastifyRequest, scope: Scope): void {
  const needed = request.routeOptions.config.endpoint?.permission;
  if (needed && !scope.permissions.has(needed)) throw new ApiError(403, ApiMessages.permissionDenied(needed));
}
