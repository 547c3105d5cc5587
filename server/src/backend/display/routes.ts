import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DISPLAY_CODE_ATTEMPTS_PER_MINUTE,
  DisplayCodeBody,
  DisplayCodeResponse,
  DisplayLinkListResponse,
  DisplayLinkRevealBody,
  DisplayLinkRevealResponse,
  DisplayLinkRevokeBody,
  DisplayLinkRevokeResponse,
  DisplayLinkSaveBody,
  DisplayLinkSaveResponse,
  DisplayMessages,
  DisplayPaths,
  DisplaySessionResponse,
  ErrorBody,
} from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import type { DisplaySecrets } from './display-secrets.ts';
import { displaySession } from './display-session.ts';
import { copyLinkAgain, redeemCode } from './link-copies.ts';
import { listLinks } from './link-views.ts';
import { revokeLink, saveLink } from './link-writes.ts';

const tags = ['display'];

export interface DisplayRouteOptions {
  db: Db;
  clock: Clock;
  secrets: DisplaySecrets;
}

/**
 * 大屏链接 (issue 20): staff list, create, edit and revoke the read-only links of control-room TVs;
 * a TV asks what its link shows. A display token reaches only `session` of these (the allowlist
 * in session/authenticate.ts); a staff token never gets a display session.
 */
export const displayRoutes: FastifyPluginAsyncTypebox<DisplayRouteOptions> = async (app, { db, clock, secrets }) => {
  const staffScope = (request: Parameters<typeof requestScope>[0]) => {
    const scope = requestScope(request);
    if (scope.display) throw new ApiError(401, DisplayMessages.notFound);
    return scope;
  };

  app.post(
    underApi(DisplayPaths.list),
    {
      schema: {
        tags,
        summary: 'The display links the user may manage',
        description: "A customer's manager sees his organisation's links, provider staff all. Tokens are never listed.",
        response: { 200: DisplayLinkListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await listLinks(db, staffScope(request), clock.now())),
  );

  app.post(
    underApi(DisplayPaths.save),
    {
      schema: {
        tags,
        summary: 'Create (no id) or edit a display link',
        description:
          'The token is answered once, when the link is created; an edit keeps it. Customers and sales areas must be within the ' +
          `user's scope (400 ${DisplayMessages.outOfScope}); expiresAt must be ahead (400 ${DisplayMessages.expiryPast}).`,
        body: DisplayLinkSaveBody,
        response: { 200: DisplayLinkSaveResponse, ...protectedErrors, 404: ErrorBody },
      },
    },
    async (request) => ok(await saveLink(db, staffScope(request), request.body, clock.now(), secrets)),
  );

  app.post(
    underApi(DisplayPaths.revoke),
    {
      schema: {
        tags,
        summary: 'Revoke a display link',
        description: 'Every call with its token is refused from now on (401); its screens learn it within one heartbeat.',
        body: DisplayLinkRevokeBody,
        response: { 200: DisplayLinkRevokeResponse, ...protectedErrors, 404: ErrorBody },
      },
    },
    async (request) => ok(await revokeLink(db, staffScope(request), request.body.id, clock.now())),
  );

  app.post(
    underApi(DisplayPaths.reveal),
    {
      schema: {
        tags,
        summary: "A display link's token and short code again, for who manages it",
        description:
          `For the link's owner's manager and the provider's staff; anyone else gets 403 ${DisplayMessages.notManager}. ` +
          `A revoked link, or one made before its token was kept, has none to give (400). Every copy is recorded and listed.`,
        body: DisplayLinkRevealBody,
        response: { 200: DisplayLinkRevealResponse, ...protectedErrors, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ok(await copyLinkAgain(db, staffScope(request), request.body.id, clock.now(), request.ip, secrets)),
  );

  app.post(
    underApi(DisplayPaths.redeem),
    {
      config: { public: true, rateLimit: { max: DISPLAY_CODE_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "A TV's short code for its link's token",
        description:
          `No session: the TV has none yet. At most ${DISPLAY_CODE_ATTEMPTS_PER_MINUTE} tries a minute per address (429). ` +
          `404 ${DisplayMessages.codeUnknown} for a code that matches no link; 400 when the link is revoked or has expired.`,
        security: [],
        body: DisplayCodeBody,
        response: { 200: DisplayCodeResponse, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => ok(await redeemCode(db, request.body.code, clock.now(), secrets)),
  );

  app.get(
    underApi(DisplayPaths.session),
    {
      schema: {
        tags,
        summary: "A display token's link: its name, scopes and dwell",
        description: `Called by the TV every DISPLAY_HEARTBEAT_MS. 401 ${DisplayMessages.revoked} / ${DisplayMessages.expired} when the link has ended; 401 for a staff token.`,
        response: { 200: DisplaySessionResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const { display } = requestScope(request);
      if (!display) throw new ApiError(401, DisplayMessages.notFound);
      return ok(await displaySession(db, display));
    },
  );
};
