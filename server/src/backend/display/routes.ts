import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DisplayLinkListResponse,
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
import { displaySession } from './display-session.ts';
import { listLinks } from './link-views.ts';
import { revokeLink, saveLink } from './link-writes.ts';

const tags = ['display'];

export interface DisplayRouteOptions {
  db: Db;
  clock: Clock;
}

/**
 * 大屏链接 (issue 20): staff list, create, edit and revoke the read-only links of control-room TVs;
 * a TV asks what its link shows. A display token reaches only `session` of these (the allowlist
 * in session/authenticate.ts); a staff token never gets a display session.
 */
export const displayRoutes: FastifyPluginAsyncTypebox<DisplayRouteOptions> = async (app, { db, clock }) => {
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
    async (request) => ok(await saveLink(db, staffScope(request), request.body, clock.now())),
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
