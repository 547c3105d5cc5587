import { describe, expect, it } from 'vitest';
import { ServiceType, type Visit } from '@pest/shared';
import { isMovable, movedBody, newVisitValues, visitBody, visitValuesOf } from './visitForm.ts';

const visit = { id: 7, version: 3, customerId: 11, customerName: '一店', planId: 5, technicianId: 9, plannedDate: '2026-12-03', serviceType: ServiceType.emergency, alarmIds: [42] } as Visit;

describe('the visit form', () => {
  it('names the first field missing', () => {
    const values = newVisitValues('2026-12-03');
    expect(visitBody(values)).toEqual({ ok: false, problem: 'storeRequired' });
    expect(visitBody({ ...values, customerId: 11 })).toEqual({ ok: false, problem: 'planRequired' });
    expect(visitBody({ ...values, customerId: 11, planId: 5 })).toEqual({ ok: false, problem: 'technicianRequired' });
    expect(visitBody({ ...values, customerId: 11, planId: 5, technicianId: 9, plannedDate: '' })).toEqual({ ok: false, problem: 'dateRequired' });
  });

  it('sends a new visit without id, and an edit with the version it was loaded at', () => {
    expect(visitBody({ ...newVisitValues('2026-12-03'), customerId: 11, planId: 5, technicianId: 9 })).toEqual({
      ok: true,
      body: { customerId: 11, planId: 5, technicianId: 9, plannedDate: '2026-12-03', serviceType: ServiceType.routine, alarmIds: [] },
    });
    expect(visitBody(visitValuesOf(visit), visit)).toEqual({
      ok: true,
      body: { id: 7, version: 3, customerId: 11, planId: 5, technicianId: 9, plannedDate: '2026-12-03', serviceType: ServiceType.emergency, alarmIds: [42] },
    });
  });

  it('moves a dragged visit to its new day, keeping the rest; one nobody has is given first', () => {
    expect(movedBody(visit, '2026-12-09')).toMatchObject({ id: 7, version: 3, plannedDate: '2026-12-09', technicianId: 9, alarmIds: [42] });
    expect(movedBody({ ...visit, technicianId: null }, '2026-12-09')).toBeNull();
  });

  it('lets only a visit still to be done move', () => {
    const inState = (state: Visit['state']) => ({ ...visit, state });
    expect((['planned', 'overdue', 'done', 'cancelled', 'inProgress'] as const).map((state) => isMovable(inState(state)))).toEqual([true, true, false, false, false]);
  });
});
