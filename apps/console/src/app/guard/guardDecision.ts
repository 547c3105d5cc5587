import { canOpen, findRoute, redirectFor } from '../routeQueries.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { isPublicPath, routes } from '../routes.tsx';

export interface GuardFacts {
  pathname: string;
  /** The query string with its '?', or ''. */
  search: string;
  hasToken: boolean;
  hasUserInfo: boolean;
  /** The user's role keys and permissions (session/roles.ts). */
  grants: readonly string[];
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadUserInfo' };

/** '/login?redirect=<where the user wanted to go>'. */
export function loginPathFor(target: string): string {
  return `${routePaths.login}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where to go after login: the `redirect` query if it is a path on this site, else home. Anything
 * else (another origin, '//host', the login page itself) would be an open redirect or a loop.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return routePaths.home;
  const pathname = redirect.split(/[?#]/)[0] ?? '';
  return pathname === routePaths.login ? routePaths.home : redirect;
}

/** The route guard of console-spec section 2, as a pure function of where we are and who we are. */
export function guardDecision(facts: GuardFacts): GuardDecision {
  const isPublic = isPublicPath(facts.pathname);
  if (!facts.hasToken) {
    return isPublic ? { kind: 'allow' } : { kind: 'redirect', to: loginPathFor(facts.pathname + facts.search) };
  }
  // Signed in: the login page hands over to where the user was going (after a login, or a stale tab).
  if (facts.pathname === routePaths.login) return { kind: 'redirect', to: redirectTarget(new URLSearchParams(facts.search).get('redirect')) };
  if (isPublic) return { kind: 'allow' };
  if (!facts.hasUserInfo) return { kind: 'loadUserInfo' };
  if (!canOpen(routes, facts.pathname, facts.grants)) return { kind: 'redirect', to: routePaths.noPermission };
  // Home and the menu's groups lead to a screen this user may open, not to a refusal.
  const route = findRoute(routes, facts.pathname);
  if (route?.redirect && route.path === facts.pathname) {
    const to = redirectFor(routes, route, facts.grants);
    if (to !== route.redirect) return { kind: 'redirect', to: to ?? routePaths.noPermission };
  }
  return { kind: 'allow' };
}
