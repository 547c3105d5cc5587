import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISPLAY_CODE_ATTEMPTS_PER_MINUTE, DisplayEndpoints, DisplayMessages } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import type { DisplaySecrets } from './display-secrets.ts';
import { displaySession } from './display-session.ts';
import { copyLinkAgain, redeemCode } from './link-copies.ts';
import { listLinks } from './link-views.ts';
import { revokeLink, saveLink } from './link-writes.ts';

export interface DisplayRouteOptions {
  db: Db;
  clock: Clock;
  secrets: DisplaySecrets;
}

/**
 * 大屏链接 (issue 20): staff list, create, edit and revoke the read-only links of control-room TVs;
 * a TV asks what its link shows. A display token reaches only `session` of these (the one whose
 * access is `display`); a staff token never gets a display session.
 */
export const displayRoutes: FastifyPluginAsyncTypebox<DisplayRouteOptions> = async (app, { db, clock, secrets }) => {
  const staffScope = (request: Parameters<typeof requestScope>[0]) => {
    const scope = requestScope(request);
    if (scope.display) throw new ApiError(401, DisplayMessages.notFound);
    return scope;
  };

  endpointRoute(app, DisplayEndpoints.list, async (request) => ok(await listLinks(db, staffScope(request), clock.now())));

  endpointRoute(app, DisplayEndpoints.save, async (request) => ok(await saveLink(db, staffScope(request), request.body, clock.now(), secrets)));

  endpointRoute(app, DisplayEndpoints.revoke, async (request) => ok(await revokeLink(db, staffScope(request), request.body.id, clock.now())));

  endpointRoute(app, DisplayEndpoints.reveal, async (request) =>
    ok(await copyLinkAgain(db, staffScope(request), request.body.id, clock.now(), request.ip, secrets)),
  );

  // Public (the TV has no session yet), so its tries are limited per address: a short code is guessable.
  endpointRoute(app, DisplayEndpoints.redeem, async (request) => ok(await redeemCode(db, request.body.code, clock.now(), secrets)), {
    config: { rateLimit: { max: DISPLAY_CODE_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
  });

  endpointRoute(app, DisplayEndpoints.session, async (request) => {
    const { display } = requestScope(request);
    if (!display) throw new ApiError(401, DisplayMessages.notFound);
    return ok(await displaySession(db, display));
  });
};
