import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiMessages, ErrorBody, LoginRequest, LoginResponse, LogoutResponse, UserInfoResponse } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { ApiError, failure, ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle.ts';
import { verifyAgainstNothing, verifyPassword } from '../common/password.ts';
import { createSession, deleteSession } from './sessions.ts';
import { tokenFromHeader } from './tokens.ts';
import { displayUserInfo, findCredentials, loadUserInfo } from './users.ts';

export interface SessionRoutesOptions {
  db: Db;
  sessionTtlHours: number;
  /** Attempts per client IP and minute, whatever the accounts tried. */
  loginRateLimitMax: number;
}

/** Login, the signed-in user, logout (console-spec section 7, Session). Mounted at /api/user/mini/user. */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, { db, sessionTtlHours, loginRateLimitMax }) => {
  app.post(
    '/login',
    {
      config: { public: true, rateLimit: { max: loginRateLimitMax, timeWindow: 60_000 } },
      schema: {
        tags: ['session'],
        summary: 'Sign in with account and password',
        security: [],
        body: LoginRequest,
        // Wrong credentials are a 200 answer with envelope status 500, as the console expects.
        response: { 200: Type.Union([LoginResponse, ErrorBody]), 400: ErrorBody, 429: ErrorBody },
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
      return ok({ token: await createSession(db, credentials.id, sessionTtlHours) }, ApiMessages.loginOk);
    },
  );

  app.get(
    '/selectById',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user',
        response: { 200: UserInfoResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const scope = requestScope(request);
      if (scope.display) return ok(displayUserInfo({ ...scope, display: scope.display }));
      const user = await loadUserInfo(db, scope.userId);
      if (!user) throw new ApiError(401, ApiMessages.sessionExpired);
      return ok(user);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End the current session',
        response: { 200: LogoutResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      // The authentication hook has accepted this request, so its token is well-formed.
      await deleteSession(db, tokenFromHeader(request.headers.authorization)!);
      return ok(null, ApiMessages.logoutOk);
    },
  );
};
