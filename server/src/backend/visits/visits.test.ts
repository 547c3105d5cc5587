import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountPaths,
  ApiMessages,
  AuditObjectType,
  BuiltInRole,
  CustomerKind,
  JobOrderPaths,
  JobOrderState,
  ServiceConfigPaths,
  ServiceType,
  VisitMessages,
  VisitPaths,
  type Technician,
  type Visit,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
// Tuesday 1 December 2026, 10:00 in Beijing.
const NOW = Date.parse('2026-12-01T02:00:00Z');

/** 服务安排 against the reference backend: visits planned, moved, reassigned and cancelled, each checked, versioned and audited. */
describe(`visit scheduling on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let store: { id: number; name: string };
  let planId: number;
  let technician: Technician;
  let another: Technician;

  const post = async <T>(url: string, payload: object, headers = admin) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    const body = response.json<{ status: number; message: string; data: T }>();
    return { statusCode: response.statusCode, message: body.message, data: body.data };
  };
  const call = async <T>(url: string, payload: object, headers = admin) => {
    const answer = await post<T>(url, payload, headers);
    expect(answer.statusCode, answer.message).toBe(200);
    return answer.data;
  };
  const december = (headers = admin, extra: object = {}) => call<Visit[]>(VisitPaths.list, { startDate: '2026-12-01', endDate: '2026-12-31', customerIds: [store.id], ...extra }, headers);
  const addTechnician = async (name: string) => {
    const account = `t${randomUUID().slice(0, 8)}`;
    await call(AccountPaths.userSave, { account, name, roleIds: [BuiltInRole.technician.id], customerId: null, password: 'technician-1' });
    return (await call<Technician[]>(VisitPaths.technicians, {})).find((person) => person.account === account)!;
  };

  beforeAll(async () => {
    backend = await createTestBackend({ clock: createManualClock(NOW) });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    // A store of the manager's organisation (1), with a plan of its own for this file.
    [store] = await backend.db.query<{ id: number; name: string }>(`select id, name from customers where kind = ${CustomerKind.store} and path @> array[1] order by id limit 1`) as [{ id: number; name: string }];
    planId = (await call<{ id: number }>(ServiceConfigPaths.planSave, { customerId: store.id, name: '安排测试计划', startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 2 })).id;
    technician = await addTechnician('李技术');
    another = await addTechnician('王技术');
  });
  afterAll(() => backend?.close());

  it('plans a visit for a technician, shown on the calendar with its store, plan and time window, and audited', async () => {
    const { id } = await call<{ id: number }>(VisitPaths.save, { customerId: store.id, planId, technicianId: technician.id, plannedDate: '2026-12-03', serviceType: ServiceType.routine });
    const visit = (await december()).find((row) => row.id === id)!;
    expect(visit).toMatchObject({
      customerName: store.name,
      planName: '安排测试计划',
      name: '12月常规服务',
      plannedDate: '2026-12-03',
      timeWindow: '09:00–11:00',
      state: JobOrderState.planned,
      technicianId: technician.id,
      technicianName: '李技术',
      code: expect.stringMatching(/^AP20261203\d{6}$/),
    });
    // The customer's manager sees it, and cannot plan one.
    expect((await december(manager)).map((row) => row.id)).toContain(id);
    const refused = await post(VisitPaths.save, { customerId: store.id, planId, technicianId: technician.id, plannedDate: '2026-12-04', serviceType: ServiceType.routine }, manager);
    expect(refused.statusCode).toBe(403);
    const [entry] = await backend.db.query<{ action: string; changes: Record<string, { after: unknown }> }>(
      `select action, changes from audit_log where object_type = '${AuditObjectType.visit}' and object_id = $1 order by id`,
      [String(id)],
    );
    expect(entry).toMatchObject({ action: 'create', changes: { store: { after: store.name }, plannedDate: { after: '2026-12-03' }, technician: { after: '李技术' } } });
    // Not a service record until it happens.
    const records = await call<{ records: { id: number }[] }>(JobOrderPaths.list, { current: 1, size: 500, customerIds: [store.id] });
    expect(records.records.map((row) => row.id)).not.toContain(id);
  });

  it('refuses what cannot be planned, naming why', async () => {
    const base = { customerId: store.id, planId, technicianId: technician.id, plannedDate: '2026-12-10', serviceType: ServiceType.routine };
    expect(await post(VisitPaths.save, { ...base, plannedDate: '2026-11-30' })).toMatchObject({ statusCode: 400, message: VisitMessages.pastDay });
    expect(await post(VisitPaths.save, { ...base, plannedDate: '2027-12-01' })).toMatchObject({ statusCode: 400, message: VisitMessages.outsidePlan });
    const [admin1] = await backend.db.query<{ id: number }>("select id from users where account = 'admin'");
    expect(await post(VisitPaths.save, { ...base, technicianId: admin1!.id })).toMatchObject({ statusCode: 400, message: VisitMessages.notTechnician });
    const [otherPlan] = await backend.db.query<{ id: number }>('select id from service_plans where customer_id <> $1 order by id limit 1', [store.id]);
    expect(await post(VisitPaths.save, { ...base, planId: otherPlan!.id })).toMatchObject({ statusCode: 400, message: VisitMessages.planNotOfStore });
    const [otherAlarm] = await backend.db.query<{ id: number }>('select id from device_events where customer_id <> $1 order by id limit 1', [store.id]);
    expect(await post(VisitPaths.save, { ...base, alarmIds: [otherAlarm!.id] })).toMatchObject({ statusCode: 400, message: VisitMessages.alarmNotOfStore });
    expect(await post(VisitPaths.list, { startDate: '2026-12-01', endDate: '2027-02-15' })).toMatchObject({ statusCode: 400, message: VisitMessages.rangeTooLong });
  });

  it('books an emergency visit for an alarm, moves it, gives it to another technician, and refuses a stale edit', async () => {
    const [alarm] = await backend.db.query<{ id: number }>('select id from device_events where customer_id = $1 order by id desc limit 1', [store.id]);
    const { id } = await call<{ id: number }>(VisitPaths.save, {
      customerId: store.id,
      planId,
      technicianId: technician.id,
      plannedDate: '2026-12-02',
      serviceType: ServiceType.emergency,
      alarmIds: alarm ? [alarm.id] : [],
    });
    let visit = (await december()).find((row) => row.id === id)!;
    expect(visit).toMatchObject({ name: '12月紧急服务', serviceType: ServiceType.emergency, alarmIds: alarm ? [alarm.id] : [] });
    await call(VisitPaths.save, { id, version: visit.version, customerId: store.id, planId, technicianId: technician.id, plannedDate: '2026-12-05', serviceType: ServiceType.emergency });
    const stale = await post(VisitPaths.reassign, { id, version: visit.version, technicianId: another.id });
    expect(stale).toMatchObject({ statusCode: 409, message: ApiMessages.editConflict });
    visit = (await december()).find((row) => row.id === id)!;
    expect(visit).toMatchObject({ plannedDate: '2026-12-05', alarmIds: [] });
    await call(VisitPaths.reassign, { id, version: visit.version, technicianId: another.id });
    expect((await december(admin, { technicianIds: [another.id] })).map((row) => row.id)).toEqual([id]);
  });

  it('cancels a visit with its reason: off the calendar, kept, never moved again', async () => {
    const { id } = await call<{ id: number }>(VisitPaths.save, { customerId: store.id, planId, technicianId: technician.id, plannedDate: '2026-12-20', serviceType: ServiceType.free });
    const visit = (await december()).find((row) => row.id === id)!;
    expect(await post(VisitPaths.cancel, { id, version: visit.version, reason: '   ' })).toMatchObject({ statusCode: 400, message: VisitMessages.reasonRequired });
    await call(VisitPaths.cancel, { id, version: visit.version, reason: '门店装修停业' });
    expect((await december()).map((row) => row.id)).not.toContain(id);
    const cancelled = (await december(admin, { withCancelled: true })).find((row) => row.id === id);
    expect(cancelled).toMatchObject({ state: JobOrderState.cancelled, cancelReason: '门店装修停业' });
    expect(await post(VisitPaths.reassign, { id, technicianId: another.id })).toMatchObject({ statusCode: 409, message: VisitMessages.notMovable });
    const [entry] = await backend.db.query<{ action: string }>(`select action from audit_log where object_type = '${AuditObjectType.visit}' and object_id = $1 order by id desc limit 1`, [String(id)]);
    expect(entry?.action).toBe('cancel');
  });

  it("plans a month: each plan's missing routine visits on spread days from today, given to its usual technician, once", async () => {
    const first = await call<{ planned: number; unassigned: number }>(VisitPaths.planMonth, { month: '2026-12', customerIds: [store.id] });
    const again = await call<{ planned: number }>(VisitPaths.planMonth, { month: '2026-12', customerIds: [store.id] });
    expect(again.planned).toBe(0);
    expect(first.unassigned).toBe(0);
    const routine = (await december()).filter((row) => row.planId === planId && row.serviceType === ServiceType.routine);
    // Two a month: the one planned on the 3rd stands for the first proposed day (the 8th); the 23rd is added, for the plan's technician.
    expect(routine.map((row) => [row.plannedDate, row.technicianName])).toEqual([
      ['2026-12-03', '李技术'],
      ['2026-12-23', '李技术'],
    ]);
    expect(first.planned).toBeGreaterThanOrEqual(1);
  });
});
