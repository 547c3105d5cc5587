import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountEndpoints, AuditAction, AuditObjectType } from '@pest/shared';
import { auditActor, auditChanges, auditedChange, auditedSave, recordAudit } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { auditedAccount, auditedRole } from './account-audit.ts';
import { roleList, userList } from './account-queries.ts';
import { resetAccountPassword, saveUser, setAccountDisabled } from './account-writes.ts';
import { saveRole } from './role-writes.ts';

/** 系统管理: accounts and roles, each write audited. Ending an account's sessions ends its live sockets too (the gateway rechecks its tokens after these calls). */
export const accountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, AccountEndpoints.userList, async (request) => ok(await userList(db, requestScope(request), request.body)));

  endpointRoute(app, AccountEndpoints.userSave, async (request) => {
    const scope = requestScope(request);
    // A first password is the creation's only secret; an edit that changes nothing logs nothing.
    const saved = await auditedSave(db, request, auditedAccount(scope), request.body.id, (tx) => saveUser(tx, scope, request.body), request.body.password ? ['password'] : []);
    return ok({ id: saved.id });
  });

  endpointRoute(app, AccountEndpoints.userDisable, async (request) => {
    const scope = requestScope(request);
    const { id, version } = request.body;
    await auditedChange(db, request, auditedAccount(scope), id, (tx) => setAccountDisabled(tx, scope, id, version, true), AuditAction.disable);
    return ok(null);
  });

  endpointRoute(app, AccountEndpoints.userEnable, async (request) => {
    const scope = requestScope(request);
    const { id, version } = request.body;
    await auditedChange(db, request, auditedAccount(scope), id, (tx) => setAccountDisabled(tx, scope, id, version, false), AuditAction.enable);
    return ok(null);
  });

  endpointRoute(app, AccountEndpoints.userResetPassword, async (request) => {
    const scope = requestScope(request);
    const { id, password } = request.body;
    await db.transaction(async (tx) => {
      await resetAccountPassword(tx, scope, id, password);
      const [{ customerId }] = (await tx.query<{ customerId: number | null }>('select customer_id as "customerId" from users where id = $1', [id])) as [
        { customerId: number | null },
      ];
      await recordAudit(tx, auditActor(request), {
        objectType: AuditObjectType.user,
        objectId: id,
        action: AuditAction.resetPassword,
        owner: customerId,
        changes: auditChanges(null, null, ['password']),
      });
    });
    return ok(null);
  });

  endpointRoute(app, AccountEndpoints.roleList, async () => ok(await roleList(db)));

  endpointRoute(app, AccountEndpoints.roleSave, async (request) => {
    const scope = requestScope(request);
    const saved = await auditedSave(db, request, auditedRole, request.body.id, (tx) => saveRole(tx, scope, request.body));
    return ok({ id: saved.id });
  });
};
