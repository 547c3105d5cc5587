import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, AuditObjectType, DISPLAY_CODE_ATTEMPTS_PER_MINUTE, DisplayEndpoints, DisplayMessages, type DisplayLink, type DisplayLinkSaveResult } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import { auditedChange, auditedSave, type AuditedKind } from '../common/audit-log.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { requestScope, type Scope } from '../scope.ts';
import type { DisplaySecrets } from './display-secrets.ts';
import { displaySession } from './display-session.ts';
import { copyLinkAgain, redeemCode } from './link-copies.ts';
import { listLinks } from './link-views.ts';
import { revokeLink, saveLink } from './link-writes.ts';

/** A link as its editor set it (not its screens or copies), and whose it is; never its token or code. */
const auditedLink = (scope: Scope, now: number): AuditedKind<Pick<DisplayLink, 'name' | 'scopes' | 'dwellSeconds' | 'expiresAt' | 'revokedAt'> & { organisationId: number | null }> => ({
  objectType: AuditObjectType.displayLink,
  async read(tx, id) {
    const [link] = await listLinks(tx, scope, now, id);
    if (!link) return null;
    const [owner] = await tx.query<{ id: number | null }>('select owner_customer_id as id from display_links where id = $1', [id]);
    return { name: link.name, scopes: link.scopes, dwellSeconds: link.dwellSeconds, expiresAt: link.expiresAt, revokedAt: link.revokedAt, organisationId: owner?.id ?? null };
  },
  ownerOf: (link) => link.organisationId,
});

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

  endpointRoute(app, DisplayEndpoints.save, async (request) => {
    const scope = staffScope(request);
    const now = clock.now();
    let saved: DisplayLinkSaveResult | undefined;
    await auditedSave(db, request, auditedLink(scope, now), request.body.id, async (tx) => {
      saved = await saveLink(tx, scope, request.body, now, secrets);
      return saved.link.id;
    });
    return ok(saved!);
  });

  endpointRoute(app, DisplayEndpoints.revoke, async (request) => {
    const scope = staffScope(request);
    const now = clock.now();
    let revoked: DisplayLink | undefined;
    await auditedChange(db, request, auditedLink(scope, now), request.body.id, async (tx) => void (revoked = await revokeLink(tx, scope, request.body.id, now)), AuditAction.revoke);
    return ok(revoked!);
  });

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
