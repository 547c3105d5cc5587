import { FieldMessages, type FieldWriteAnswer } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';

export type FieldRequestKind = 'start' | 'sync' | 'finish';

/** One call of the phone: which visit, which kind, and the id the phone made for it. */
export interface FieldRequest {
  userId: number;
  visitId: number;
  kind: FieldRequestKind;
  clientId: string;
}

/**
 * The answer kept for a call the phone sends again (a retry after a lost answer, a replay after
 * the visit finished), or null for a new one. A client id used for another call is refused: it
 * would otherwise answer a call that was never made.
 */
export async function keptAnswer(tx: Queryable, request: FieldRequest): Promise<FieldWriteAnswer | null> {
  const [row] = await tx.query<{ userId: number; visitId: number; kind: string; answer: FieldWriteAnswer }>(
    'select user_id as "userId", job_order_id as "visitId", kind, answer from field_requests where client_id = $1',
    [request.clientId],
  );
  if (!row) return null;
  if (row.userId !== request.userId || row.visitId !== request.visitId || row.kind !== request.kind) throw new ApiError(409, FieldMessages.clientIdReused);
  return row.answer;
}

/** Keeps a call's answer under its client id, in the transaction that made its change. */
export async function keepAnswer(tx: Queryable, request: FieldRequest, answer: FieldWriteAnswer, now: Date): Promise<void> {
  await tx.query('insert into field_requests (client_id, user_id, job_order_id, kind, answer, at) values ($1, $2, $3, $4, $5::jsonb, $6)', [
    request.clientId,
    request.userId,
    request.visitId,
    request.kind,
    JSON.stringify(answer),
    now.toISOString(),
  ]);
}
