import type { FieldFinishBody, FieldStartBody, FieldSyncBody, FieldWriteAnswer } from '@pest/shared';
import type { AuditActor } from './audit-log.ts';

/**
 * The field app's writes (backend/field/field-doors.ts), each in its own transaction, idempotent by
 * the phone's client id and audited: what the routes call for a technician's phone, and what the
 * demo's simulated technician calls, so both go through one door.
 */
export interface FieldDoors {
  start(actor: AuditActor, body: FieldStartBody, now: Date): Promise<FieldWriteAnswer>;
  sync(actor: AuditActor, body: FieldSyncBody, now: Date): Promise<FieldWriteAnswer>;
  finish(actor: AuditActor, body: FieldFinishBody, now: Date): Promise<FieldWriteAnswer>;
}
