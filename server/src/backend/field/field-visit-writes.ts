import { FieldMessages, JobOrderState, PLANNED_VISIT_HOURS, type FieldStartBody, type FieldWriteAnswer } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { keepAnswer, keptAnswer, type FieldRequest } from './field-requests.ts';

/** A visit as a field write finds it, locked until the write's transaction ends. */
export interface LockedFieldVisit {
  id: number;
  state: JobOrderState;
  technicianId: number | null;
  customerId: number;
  planId: number;
  cancelReason: string | null;
  startedAt: Date;
}

/** The phone's clock may run a little ahead of the server's; a moment further ahead is refused. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Runs one field write: the visit locked, the call answered from its kept answer when the phone
 * sends it again (whoever has the visit now), the visit refused when it is not the caller's, and
 * the new answer kept with the change. A refusal keeps nothing: the phone's retry is judged afresh.
 */
export async function fieldWrite(
  tx: Queryable,
  request: FieldRequest,
  now: Date,
  write: (visit: LockedFieldVisit) => Promise<FieldWriteAnswer>,
): Promise<{ answer: FieldWriteAnswer; visit: LockedFieldVisit; fresh: boolean }> {
  const [visit] = await tx.query<LockedFieldVisit>(
    `select id, state, technician_id as "technicianId", customer_id as "customerId", plan_id as "planId", cancel_reason as "cancelReason", started_at as "startedAt"
     from job_orders where id = $1 for update`,
    [request.visitId],
  );
  if (!visit) throw new ApiError(404, FieldMessages.notFound);
  const kept = await keptAnswer(tx, request);
  if (kept) return { answer: kept, visit, fresh: false };
  // Given to someone else while the phone was away: said plainly, so the technician knows why their entries stay on the phone.
  if (visit.technicianId !== request.userId) throw visit.technicianId === null ? new ApiError(404, FieldMessages.notFound) : new ApiError(409, FieldMessages.reassigned);
  const answer = await write(visit);
  await keepAnswer(tx, request, answer, now);
  return { answer, visit, fresh: true };
}

/** What a cancelled visit answers: its state and why, for the technician to read. */
export const cancelledAnswer = (visit: LockedFieldVisit): FieldWriteAnswer => ({
  state: JobOrderState.cancelled,
  notice: FieldMessages.cancelled(visit.cancelReason ?? ''),
});

/** 开始服务: a planned or overdue visit starts at the moment the technician tapped (where they were, if the phone said). */
export async function startFieldVisit(tx: Queryable, visit: LockedFieldVisit, body: FieldStartBody, now: Date): Promise<FieldWriteAnswer> {
  if (visit.state === JobOrderState.cancelled) return cancelledAnswer(visit);
  if (visit.state === JobOrderState.inProgress) return { state: visit.state, notice: null };
  if (visit.state !== JobOrderState.planned && visit.state !== JobOrderState.overdue) throw new ApiError(409, FieldMessages.notStartable);
  const at = new Date(body.at);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new ApiError(400, FieldMessages.startInFuture);
  await tx.query(
    `update job_orders set state = '${JobOrderState.inProgress}', started_at = $2, planned_end_at = $2::timestamptz + interval '${PLANNED_VISIT_HOURS} hours',
       start_latitude = $3, start_longitude = $4, version = version + 1
     where id = $1`,
    [visit.id, at.toISOString(), body.location?.latitude ?? null, body.location?.longitude ?? null],
  );
  return { state: JobOrderState.inProgress, notice: null };
}
