import { isVisitChangeable, ServiceType, type Visit, type VisitSaveBody } from '@pest/shared';

/** Whether a visit may still be moved, given to someone else or cancelled (the server's rule). */
export const isMovable = (visit: Visit): boolean => isVisitChangeable(visit.state);

/** The 安排服务 dialog's fields. */
export interface VisitValues {
  customerId: number | null;
  customerLabel: string;
  planId: number | null;
  technicianId: number | null;
  plannedDate: string;
  serviceType: ServiceType;
  alarmIds: number[];
}

export type VisitProblem = 'storeRequired' | 'planRequired' | 'technicianRequired' | 'dateRequired';

export const newVisitValues = (plannedDate: string): VisitValues => ({
  customerId: null,
  customerLabel: '',
  planId: null,
  technicianId: null,
  plannedDate,
  serviceType: ServiceType.routine,
  alarmIds: [],
});

export const visitValuesOf = (visit: Visit): VisitValues => ({
  customerId: visit.customerId,
  customerLabel: visit.customerName,
  planId: visit.planId,
  technicianId: visit.technicianId,
  plannedDate: visit.plannedDate,
  serviceType: visit.serviceType,
  alarmIds: visit.alarmIds,
});

/** The save's body, or the first field missing; an edit carries the version it was loaded at. */
export function visitBody(values: VisitValues, editing?: Visit): { ok: true; body: VisitSaveBody } | { ok: false; problem: VisitProblem } {
  if (values.customerId === null) return { ok: false, problem: 'storeRequired' };
  if (values.planId === null) return { ok: false, problem: 'planRequired' };
  if (values.technicianId === null) return { ok: false, problem: 'technicianRequired' };
  if (!values.plannedDate) return { ok: false, problem: 'dateRequired' };
  const body: VisitSaveBody = {
    customerId: values.customerId,
    planId: values.planId,
    technicianId: values.technicianId,
    plannedDate: values.plannedDate,
    serviceType: values.serviceType,
    alarmIds: values.alarmIds,
  };
  return { ok: true, body: editing ? { ...body, id: editing.id, version: editing.version } : body };
}

/** A visit moved to another day (dragged on the calendar), as its save's body; null while nobody has it (it is given to someone first). */
export function movedBody(visit: Visit, plannedDate: string): VisitSaveBody | null {
  if (visit.technicianId === null) return null;
  const moved = visitBody({ ...visitValuesOf(visit), plannedDate }, visit);
  return moved.ok ? moved.body : null;
}
