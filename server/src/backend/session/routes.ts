import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountMessages, ApiMessages, AuditAction, AuditObjectType, ErrorBody, SessionEndpoints, type Endpoint } from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, failure, ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle.ts';
import { auditActor, auditChanges, recordAudit } from '../common/audit-log.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../common/password.ts';
import { createSession, deleteOtherSessions, deleteSession } from './sessions.ts';
import { tokenFromHeader } from './tokens.ts';
import { displayUserInfo, findCredentials, findPasswordHash, loadUserInfo, setPassword } from './users.ts';

export interface SessionRoutesOptions {
  db: Db;
  sessionTtlHours: number;
  /** Attempts per client IP and minute, whatever the accounts tried. */
  loginRateLimitMax: number;
}

/** Login, the signed-in user, logout (console-spec section 7, Session), changing one's password. */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, { db, sessionTtlHours, loginRateLimitMax }) => {
  // By hand: wrong credentials answer 200 with the error envelope (data null), which endpointRoute's 200 schema (login.response) would serialise as data {}.
  const { login } = SessionEndpoints;
  // As Endpoint: tsc gives up (TS2589) checking an endpoint's full type against the route's config.
  app.post(
    underApi(login.path),
    {
      config: { endpoint: login as Endpoint, public: true, rateLimit: { max: loginRateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: [...login.tags],
        summary: login.summary,
        security: [],
        body: login.input,
        // Wrong credentials are a 200 answer with envelope status 500, as the console expects. The
        // refusals are written out, not read from login.refusals: the handler's reply.code(429) is typed by these keys.
        response: { 200: Type.Union([login.response, ErrorBody]), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const account = request.body.account.trim();
      const { password } = request.body;
      // The client's address as the gateway saw it (X-Forwarded-For from the loopback gateway).
      const address = request.ip;
      const wait = await loginRetryAfter(db, account, address);
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(failure(429, ApiMessages.tooManyLoginFailures));

      const credentials = await findCredentials(db, account);
      const valid = credentials ? await verifyPassword(password, credentials.passwordHash) : await verifyAgainstNothing(password);
      if (!credentials || !valid) {
        await recordLoginFailure(db, account, address);
        return failure(500, ApiMessages.badCredentials);
      }
      await clearLoginFailures(db, account, address);
      // Told only to whoever knows the password: a guesser learns nothing of the account.
      if (credentials.disabled) return failure(500, AccountMessages.disabled);
      await db.query('update users set last_login_at = now() where id = $1', [credentials.id]);
      const token = await createSession(db, credentials.id, sessionTtlHours);
      // Said only when true: the original API's answer is the token alone.
      return ok(credentials.mustChangePassword ? { token, mustChangePassword: true } : { token }, ApiMessages.loginOk);
    },
  );

  endpointRoute(app, SessionEndpoints.userInfo, async (request) => {
    const scope = requestScope(request);
    if (scope.display) return ok(displayUserInfo({ ...scope, display: scope.display }));
    const user = await loadUserInfo(db, scope.userId);
    if (!user) throw new ApiError(401, ApiMessages.sessionExpired);
    return ok(user);
  });

  endpointRoute(app, SessionEndpoints.logout, async (request) => {
    // The authentication hook has accepted this request, so its token is well-formed.
    await deleteSession(db, tokenFromHeader(request.headers.authorization)!);
    return ok(null, ApiMessages.logoutOk);
  });

  endpointRoute(
    app,
    SessionEndpoints.changePassword,
    async (request) => {
      // A display link never gets here (authenticate: not one of the board's reads).
      const scope = requestScope(request);
      const { oldPassword, newPassword } = request.body;
      const stored = await findPasswordHash(db, scope.userId);
      if (!stored) throw new ApiError(401, ApiMessages.sessionExpired);
      if (!(await verifyPassword(oldPassword, stored))) throw new ApiError(400, ApiMessages.oldPasswordWrong);
      if (newPassword === oldPassword) throw new ApiError(400, ApiMessages.newPasswordSameAsOld);
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, scope.userId, hash);
        // Whoever knew the old password is signed out; this session goes on.
        await deleteOtherSessions(tx, scope.userId, tokenFromHeader(request.headers.authorization)!);
        await recordAudit(tx, auditActor(request), {
          objectType: AuditObjectType.user,
          objectId: scope.userId,
          action: AuditAction.update,
          owner: scope.customerId,
          changes: auditChanges(null, null, ['password']),
        });
      });
      return ok(null, ApiMessages.passwordChanged);
    },
    // Guessing the old password from a session left open counts like guessing at the login.
    { config: { rateLimit: { max: loginRateLimitMax, timeWindow: 60_000 } } },
  );
};
