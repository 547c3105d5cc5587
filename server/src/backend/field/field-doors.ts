import { AuditAction, AuditObjectType, type FieldFinishBody, type FieldWriteAnswer } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit, type AuditActor } from '../common/audit-log.ts';
import type { FieldDoors } from '../common/field-writes.ts';
import type { Db, Queryable } from '../db/db.ts';
import { buildScope, type Scope } from '../scope.ts';
import { accountAccessColumns, type AccountAccess } from '../common/account-access.ts';
import { syncFieldEntries } from './field-entries.ts';
import { finishFieldVisit } from './field-finish.ts';
import type { FieldRequestKind } from './field-requests.ts';
import { fieldWrite, startFieldVisit, type LockedFieldVisit } from './field-visit-writes.ts';

/** Handles alarms as staff do (the alarms domain's own write, wired in by the composition root). */
export type HandleAlarms = (scope: Scope, ids: readonly number[], note: string, actor: AuditActor) => Promise<number>;

export interface FieldDoorOptions {
  db: Db;
  /** Where our object store's files are: photos and signatures must be the caller's uploads there. */
  imageBase: string;
  handleAlarms: HandleAlarms;
  /** A visit finished: its report can be rendered ahead. */
  onVisitFinished(): void;
  logger: FastifyBaseLogger;
}

/** The note an alarm handled by finishing its visit carries. */
const handlingNote = (code: string, remark: string | undefined) => `上门服务 ${code} 已完成${remark?.trim() ? `：${remark.trim()}` : ''}`;

/** The field app's writes over `db`; see FieldDoors. */
export function fieldDoors({ db, imageBase, handleAlarms, onVisitFinished, logger }: FieldDoorOptions): FieldDoors {
  /** One write with its audit entry when it changed something. */
  const write = (
    kind: FieldRequestKind,
    actor: AuditActor,
    body: { id: number; clientId: string },
    now: Date,
    change: (tx: Queryable, visit: LockedFieldVisit) => Promise<FieldWriteAnswer>,
    audit: (visit: LockedFieldVisit) => Record<string, { before: unknown; after: unknown }>,
  ) =>
    db.transaction(async (tx) => {
      const result = await fieldWrite(tx, { userId: actor.userId, visitId: body.id, kind, clientId: body.clientId }, now, (visit) => change(tx, visit));
      if (result.fresh) {
        const action = kind === 'start' ? AuditAction.start : kind === 'finish' ? AuditAction.finish : AuditAction.update;
        await recordAudit(tx, actor, { objectType: AuditObjectType.visit, objectId: body.id, action, owner: result.visit.customerId, changes: audit(result.visit) });
      }
      return result;
    });

  /** After the visit's commit: the alarms are the alarms domain's write, in its own transaction; a failure there leaves the visit done and the alarms for staff, and is logged. */
  const handleVisitAlarms = async (actor: AuditActor, body: FieldFinishBody) => {
    const [visit] = await db.query<{ code: string; alarmIds: number[] }>(
      'select code, array(select a.event_id from job_order_alarms a where a.job_order_id = j.id) as "alarmIds" from job_orders j where j.id = $1',
      [body.id],
    );
    if (!visit || visit.alarmIds.length === 0) return;
    const [account] = await db.query<AccountAccess>(`select ${accountAccessColumns('u')} from users u where u.id = $1`, [actor.userId]);
    if (!account) return;
    await handleAlarms(buildScope(account), visit.alarmIds, handlingNote(visit.code, body.remark), actor).catch((error: unknown) =>
      logger.warn({ err: error, visit: body.id }, 'alarms of a finished visit not handled'),
    );
  };

  return {
    async start(actor, body, now) {
      const { answer } = await write('start', actor, body, now, (tx, visit) => startFieldVisit(tx, visit, body, now), (visit) => ({ state: { before: visit.state, after: 'inProgress' } }));
      return answer;
    },
    async sync(actor, body, now) {
      const { answer } = await write(
        'sync',
        actor,
        body,
        now,
        (tx, visit) => syncFieldEntries(tx, visit, body, actor.userId, imageBase, now),
        () => ({
          checks: { before: null, after: body.checks.length },
          ...(body.risks?.length ? { risks: { before: null, after: body.risks.length } } : {}),
          ...(body.rectifications?.length ? { rectifications: { before: null, after: body.rectifications.length } } : {}),
          ...(body.materials ? { materials: { before: null, after: body.materials.length } } : {}),
        }),
      );
      return answer;
    },
    async finish(actor, body, now) {
      const result = await write(
        'finish',
        actor,
        body,
        now,
        (tx, visit) => finishFieldVisit(tx, visit, body, actor.userId, imageBase, now),
        (visit) => ({ state: { before: visit.state, after: 'done' }, ...(body.remark?.trim() ? { remark: { before: null, after: body.remark.trim() } } : {}) }),
      );
      if (result.fresh) {
        onVisitFinished();
        if (body.handleAlarms !== false) await handleVisitAlarms(actor, body);
      }
      return result.answer;
    },
  };
}
