import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, AuditObjectType, FieldEndpoints, type FieldWriteAnswer } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { auditActor, recordAudit, type AuditActor } from '../common/audit-log.ts';
import type { Db, Queryable } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope, type Scope } from '../scope.ts';
import { syncFieldEntries } from './field-entries.ts';
import { finishFieldVisit } from './field-finish.ts';
import type { FieldRequestKind } from './field-requests.ts';
import { fieldCatalog, fieldVisit, listFieldVisits } from './field-visit-queries.ts';
import { fieldWrite, startFieldVisit, type LockedFieldVisit } from './field-visit-writes.ts';

/** Handles alarms as staff do (the alarms domain's own write, wired in by the composition root). */
export type HandleAlarms = (scope: Scope, ids: readonly number[], note: string, actor: AuditActor) => Promise<number>;

export interface FieldRouteOptions {
  db: Db;
  now(): Date;
  /** Where our object store's files are: photos and signatures must be the caller's uploads there. */
  imageBase: string;
  handleAlarms: HandleAlarms;
  /** A visit finished: its report can be rendered ahead. */
  onVisitFinished(): void;
  logger: FastifyBaseLogger;
}

/** The note an alarm handled by finishing its visit carries. */
const handlingNote = (code: string, remark: string | undefined) => `上门服务 ${code} 已完成${remark?.trim() ? `：${remark.trim()}` : ''}`;

/** The field app's door: a technician's own visits, every write idempotent by the phone's client id and audited. */
export const fieldRoutes: FastifyPluginAsyncTypebox<FieldRouteOptions> = async (app, { db, now, imageBase, handleAlarms, onVisitFinished, logger }) => {
  endpointRoute(app, FieldEndpoints.visits, async (request) => ok(await listFieldVisits(db, requestScope(request).userId, request.query.date)));
  endpointRoute(app, FieldEndpoints.visit, async (request) => ok(await fieldVisit(db, requestScope(request).userId, request.query.id)));
  endpointRoute(app, FieldEndpoints.catalog, async () => ok(await fieldCatalog(db)));

  /** One write in one transaction, with its audit entry when it changed something. */
  const write = async (
    kind: FieldRequestKind,
    request: { body: { id: number; clientId: string } } & Parameters<typeof auditActor>[0],
    change: (tx: Queryable, visit: LockedFieldVisit, at: Date) => Promise<FieldWriteAnswer>,
    audit: (visit: LockedFieldVisit) => Record<string, { before: unknown; after: unknown }>,
  ) => {
    const userId = requestScope(request).userId;
    const at = now();
    return db.transaction(async (tx) => {
      const result = await fieldWrite(tx, { userId, visitId: request.body.id, kind, clientId: request.body.clientId }, at, (visit) => change(tx, visit, at));
      if (result.fresh) {
        const action = kind === 'start' ? AuditAction.start : kind === 'finish' ? AuditAction.finish : AuditAction.update;
        await recordAudit(tx, auditActor(request), { objectType: AuditObjectType.visit, objectId: request.body.id, action, owner: result.visit.customerId, changes: audit(result.visit) });
      }
      return result;
    });
  };

  endpointRoute(app, FieldEndpoints.start, async (request) => {
    const { answer } = await write('start', request, (tx, visit, at) => startFieldVisit(tx, visit, request.body, at), (visit) => ({ state: { before: visit.state, after: 'inProgress' } }));
    return ok(answer);
  });

  endpointRoute(app, FieldEndpoints.sync, async (request) => {
    const { body } = request;
    const { answer } = await write(
      'sync',
      request,
      (tx, visit, at) => syncFieldEntries(tx, visit, body, requestScope(request).userId, imageBase, at),
      () => ({
        checks: { before: null, after: body.checks.length },
        ...(body.risks?.length ? { risks: { before: null, after: body.risks.length } } : {}),
        ...(body.rectifications?.length ? { rectifications: { before: null, after: body.rectifications.length } } : {}),
        ...(body.materials ? { materials: { before: null, after: body.materials.length } } : {}),
      }),
    );
    return ok(answer);
  });

  endpointRoute(app, FieldEndpoints.finish, async (request) => {
    const { body } = request;
    const scope = requestScope(request);
    const result = await write(
      'finish',
      request,
      (tx, visit, at) => finishFieldVisit(tx, visit, body, scope.userId, imageBase, at),
      (visit) => ({ state: { before: visit.state, after: 'done' }, ...(body.remark?.trim() ? { remark: { before: null, after: body.remark.trim() } } : {}) }),
    );
    if (result.fresh) {
      onVisitFinished();
      // After the visit's commit: the alarms are the alarms domain's write, in its own transaction; a
      // failure there leaves the visit done and the alarms for staff, and is logged.
      if (body.handleAlarms !== false) {
        const [visit] = await db.query<{ code: string; alarmIds: number[] }>(
          'select code, array(select a.event_id from job_order_alarms a where a.job_order_id = j.id) as "alarmIds" from job_orders j where j.id = $1',
          [body.id],
        );
        if (visit && visit.alarmIds.length > 0) {
          await handleAlarms(scope, visit.alarmIds, handlingNote(visit.code, body.remark), auditActor(request)).catch((error: unknown) =>
            logger.warn({ err: error, visit: body.id }, 'alarms of a finished visit not handled'),
          );
        }
      }
    }
    return ok(result.answer);
  });
};
