import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, chinaDay, VisitEndpoints } from '@pest/shared';
import { auditActor, auditedChange, auditedSave, recordAudit } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { planMonth } from './plan-month.ts';
import { auditedVisit } from './visit-audit.ts';
import { listVisits, technicians } from './visit-queries.ts';
import { cancelVisit, reassignVisit, saveVisit } from './visit-writes.ts';

/** 服务安排: the provider's visits planned, moved, reassigned and cancelled, each write checked, versioned and audited. */
export const visitRoutes: FastifyPluginAsyncTypebox<{ db: Db; now(): Date }> = async (app, { db, now }) => {
  endpointRoute(app, VisitEndpoints.list, async (request) => ok(await listVisits(db, requestScope(request), request.body)));
  endpointRoute(app, VisitEndpoints.technicians, async () => ok(await technicians(db)));

  endpointRoute(app, VisitEndpoints.save, async (request) => {
    const scope = requestScope(request);
    const saved = await auditedSave(db, request, auditedVisit(), request.body.id, (tx) => saveVisit(tx, scope, request.body, chinaDay(now())));
    return ok({ id: saved.id });
  });
  endpointRoute(app, VisitEndpoints.reassign, async (request) => {
    await auditedChange(db, request, auditedVisit(), request.body.id, (tx) => reassignVisit(tx, requestScope(request), request.body), AuditAction.assign);
    return ok(null);
  });
  endpointRoute(app, VisitEndpoints.cancel, async (request) => {
    await auditedChange(db, request, auditedVisit(), request.body.id, (tx) => cancelVisit(tx, requestScope(request), request.body, now()), AuditAction.cancel);
    return ok(null);
  });
  endpointRoute(app, VisitEndpoints.planMonth, async (request) => {
    const result = await db.transaction(async (tx) => {
      const planned = await planMonth(tx, requestScope(request), request.body, chinaDay(now()));
      await recordAudit(tx, auditActor(request), ...planned.entries);
      return planned;
    });
    return ok({ planned: result.planned, unassigned: result.unassigned });
  });
};
