import { CustomerKind, JobOrderState, OSS_PUBLIC_PATH, PointStatus, type FieldCheck } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditActor } from '../../backend/common/audit-log.ts';
import { svgToPng } from '../../backend/common/svg-raster.ts';
import { userUploadDir } from '../../backend/common/upload-owner.ts';
import type { Db } from '../../backend/db/db.ts';
import type { FieldDoors } from '../../backend/common/field-writes.ts';
import { fieldVisit } from '../../backend/field/field-visit-queries.ts';
import type { FileStore } from '../../backend/files/file-store.ts';
import { DEMO_CREW, DEMO_USERS } from '../seed/users.ts';

/** The crew's visits are booked from this far back: a demo started after days off does not replay them all. */
const ASSIGN_FROM_MS = 86_400_000;
/** Percent of points the crew finds damaged, and the most it counts of a pest at one point. */
const DAMAGED_PERCENT = 4;
const MAX_COUNT = 3;

export interface FieldCrew {
  /** Gives the crew's store's new visits to the crew, then starts and finishes those due by `now` through the field app's writes. */
  work(now: Date): Promise<{ started: number; finished: number }>;
}

/**
 * The technician the demo plays (王师傅, account `crew`): the visits of the demo customer's first
 * store are his, and at their times he starts them, records every point and finishes them with a
 * signature, through the very writes the field app makes (idempotent, audited, roll-ups and report
 * included), so the living demo exercises the field app's door every day.
 */
export function fieldCrew(db: Db, doors: FieldDoors, uploads: FileStore, logger: FastifyBaseLogger): FieldCrew {
  const actor: AuditActor = { userId: DEMO_CREW.id, address: '127.0.0.1' };
  const signatureKey = `${userUploadDir(DEMO_CREW.id)}demo-signature.png`;

  const crewStore = async () => {
    const [store] = await db.query<{ id: number }>(
      `select s.id from customers s
       where s.kind = ${CustomerKind.store} and s.suspended_at is null and s.path[1] = (select customer_id from users where id = $1)
         and exists (select 1 from points pt where pt.customer_id = s.id)
       order by s.id limit 1`,
      [DEMO_USERS[2].id],
    );
    return store?.id ?? null;
  };

  const signature = async () => {
    if (!(await uploads.exists(signatureKey))) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><rect width="300" height="100" fill="white"/>
        <path d="M20 70 C 40 20, 60 20, 70 60 S 100 90, 120 40 S 160 20, 170 60 C 180 80, 200 80, 210 50 S 250 30, 280 55" stroke="#1d2b53" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`;
      await uploads.put(signatureKey, await svgToPng(svg, 300));
    }
    return `${OSS_PUBLIC_PATH}/${signatureKey}`;
  };

  /** What the crew finds at each point: mostly intact, a few counts of the first pest the point counts, by the visit and point. */
  const checksOf = async (visitId: number): Promise<FieldCheck[]> => {
    const visit = await fieldVisit(db, DEMO_CREW.id, visitId);
    return visit.points.map((point) => {
      const roll = (visitId * 31 + point.id * 17) % 100;
      const pest = point.pests[0];
      return {
        pointId: point.id,
        status: roll < DAMAGED_PERCENT ? PointStatus.damaged : PointStatus.normal,
        counts: pest ? [{ pestId: pest.id, count: roll % (MAX_COUNT + 1) }] : [],
      };
    });
  };

  return {
    async work(now) {
      const storeId = await crewStore();
      if (storeId === null) return { started: 0, finished: 0 };
      await db.query(
        `update job_orders set technician_id = $1, staff_name = $2
         where customer_id = $3 and technician_id is null and state = '${JobOrderState.planned}' and started_at >= $4`,
        [DEMO_CREW.id, DEMO_CREW.name, storeId, new Date(now.getTime() - ASSIGN_FROM_MS).toISOString()],
      );
      const due = await db.query<{ id: number; state: JobOrderState; startedAt: Date; endAt: Date }>(
        `select id, state, started_at as "startedAt", coalesce(planned_end_at, started_at + interval '2 hours') as "endAt" from job_orders
         where technician_id = $1 and state in ('${JobOrderState.planned}', '${JobOrderState.overdue}', '${JobOrderState.inProgress}') and started_at <= $2
         order by started_at, id`,
        [DEMO_CREW.id, now.toISOString()],
      );
      let started = 0;
      let finished = 0;
      for (const visit of due) {
        // One visit refused (cancelled or moved by staff meanwhile) leaves the others to be done.
        try {
          if (visit.state !== JobOrderState.inProgress) {
            await doors.start(actor, { id: visit.id, clientId: `crew-start-${visit.id}`, at: visit.startedAt.toISOString() }, now);
            started += 1;
          }
          if (visit.endAt.getTime() > now.getTime()) continue;
          await doors.sync(actor, { id: visit.id, clientId: `crew-sync-${visit.id}`, checks: await checksOf(visit.id) }, now);
          await doors.finish(actor, { id: visit.id, clientId: `crew-finish-${visit.id}`, signature: await signature(), remark: '例行检查完成', at: visit.endAt.toISOString() }, now);
          finished += 1;
        } catch (error) {
          logger.warn({ err: error, visit: visit.id }, 'the demo technician could not record a visit');
        }
      }
      return { started, finished };
    },
  };
}
