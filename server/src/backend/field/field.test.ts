import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountPaths,
  AlarmKind,
  AlarmState,
  AuditAction,
  BuiltInRole,
  CHINA_TIME_ZONE,
  FieldMessages,
  FieldPaths,
  JobOrderPaths,
  JobOrderState,
  PointStatus,
  RiskGrade,
  FollowUpType,
  ServiceType,
  SessionPaths,
  VisitPaths,
  type FieldCatalog,
  type FieldVisit,
  type FieldVisitSummary,
  type FieldWriteAnswer,
  type Technician,
  type Visit,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { DeviceCondition } from '../common/check-vocabulary.ts';
import { testDriver } from '../db/testing.ts';
import { uploadImage } from '../common/testing/upload-image.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
// Tuesday 1 December 2026, 10:00 in Beijing.
const NOW = Date.parse('2026-12-01T02:00:00Z');
const TODAY = '2026-12-01';
const PASSWORD = 'technician-1';
const OWN_PASSWORD = 'field-work-2026';
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const clientId = () => randomUUID().replaceAll('-', '');

/** The field app's door against the reference backend: a technician's own visits, started, recorded and finished idempotently. */
describe(`field visits on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let technician: Technician & { headers: Headers };
  let another: Technician & { headers: Headers };
  let store: { customerId: number; planId: number };
  const clock = createManualClock(NOW);

  const request = async <T>(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const body = response.json<{ message: string; data: T }>();
    return { statusCode: response.statusCode, message: body.message, data: body.data };
  };
  const ok = async <T>(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const answer = await request<T>(method, url, headers, payload);
    expect(answer.statusCode, answer.message).toBe(200);
    return answer.data;
  };
  const addTechnician = async (name: string) => {
    const account = `f${randomUUID().slice(0, 8)}`;
    await ok('POST', AccountPaths.userSave, admin, { account, name, roleIds: [BuiltInRole.technician.id], customerId: null, password: PASSWORD });
    const person = (await ok<Technician[]>('POST', VisitPaths.technicians, admin, {})).find((row) => row.account === account)!;
    // An account made by an administrator changes its password at first sign-in.
    const first = await ok<{ token: string }>('POST', SessionPaths.login, {}, { account, password: PASSWORD });
    await ok('POST', SessionPaths.changePassword, { authorization: `Bearer ${first.token}` }, { oldPassword: PASSWORD, newPassword: OWN_PASSWORD });
    const login = await ok<{ token: string }>('POST', SessionPaths.login, {}, { account, password: OWN_PASSWORD });
    return { ...person, headers: { authorization: `Bearer ${login.token}` } };
  };
  const planVisit = async (extra: object = {}) =>
    (await ok<{ id: number }>('POST', VisitPaths.save, admin, { customerId: store.customerId, planId: store.planId, technicianId: technician.id, plannedDate: TODAY, serviceType: ServiceType.routine, ...extra })).id;
  /** Uploads an image as the phone does, through the signed policy; answers the URL the app sends back. */
  const upload = (headers: Headers) => uploadImage(backend.app, headers);
  const visitOf = (id: number, headers = technician.headers) => ok<FieldVisit>('GET', `${FieldPaths.visit}?id=${id}`, headers);
  const start = (id: number, headers = technician.headers, key = clientId()) => request<FieldWriteAnswer>('POST', FieldPaths.start, headers, { id, clientId: key, at: at(5) });

  beforeAll(async () => {
    backend = await createTestBackend({ clock });
    admin = await signIn(backend.app, 'admin');
    technician = await addTechnician('赵现场');
    another = await addTechnician('钱现场');
    // A store's plan in its period whose points count pests.
    [store] = (await backend.db.query<{ customerId: number; planId: number }>(
      `select p.customer_id as "customerId", p.id as "planId" from service_plans p
       where p.start_date <= $1 and p.end_date >= $1
         and (select count(*) from points pt where pt.plan_id = p.id and exists (select 1 from device_type_metrics m where m.device_type_id = pt.device_type_id and m.metric = 'catch')) >= 3
         and exists (select 1 from device_events e where e.customer_id = p.customer_id and not e.handled and e.kind <> ${AlarmKind.online} and e.gateway_alarm_id is null)
       order by p.id limit 1`,
      [TODAY],
    )) as [{ customerId: number; planId: number }];
  });
  afterAll(() => backend?.close());

  it("lists a technician's own visits of the coming days, with what the phone needs to record them", async () => {
    const id = await planVisit();
    const later = await planVisit({ plannedDate: '2026-12-04' });
    const mine = await ok<FieldVisitSummary[]>('GET', `${FieldPaths.visits}?date=${TODAY}`, technician.headers);
    expect(mine.map((visit) => visit.id)).toEqual(expect.arrayContaining([id, later]));
    expect(mine.find((visit) => visit.id === id)).toMatchObject({ plannedDate: TODAY, timeWindow: '09:00–11:00', state: JobOrderState.planned });
    expect((await ok<FieldVisitSummary[]>('GET', `${FieldPaths.visits}?date=${TODAY}`, another.headers)).map((visit) => visit.id)).not.toContain(id);

    const visit = await visitOf(id);
    expect(visit.points.length).toBe(visit.pointCount);
    expect(visit.points.some((point) => point.pests.length > 0)).toBe(true);
    expect(visit.regions.length).toBeGreaterThan(0);
    expect(visit.riskTypes.length).toBeGreaterThan(0);
    expect(visit.riskTypes[0]!.issues.length).toBeGreaterThan(0);
    expect(visit.recorded).toEqual({ checks: [], risks: [], rectifications: [], materials: [] });
    expect((await ok<FieldCatalog>('GET', FieldPaths.catalog, technician.headers)).materials.length).toBeGreaterThan(0);
    // Another technician's visit is no visit of theirs; a staff account without the field permission is refused.
    expect((await request('GET', `${FieldPaths.visit}?id=${id}`, another.headers)).statusCode).toBe(404);
    const manager = await signIn(backend.app, '13800000001');
    expect((await request('GET', `${FieldPaths.visits}?date=${TODAY}`, manager)).statusCode).toBe(403);
  });

  it('records a visit once however often the phone sends it, and finishing makes it the service record, with its alarm handled', async () => {
    const [alarm] = (await backend.db.query<{ id: number }>(
      `select id from device_events where customer_id = $1 and not handled and kind <> ${AlarmKind.online} and gateway_alarm_id is null order by id limit 1`,
      [store.customerId],
    )) as [{ id: number }];
    const id = await planVisit({ serviceType: ServiceType.emergency, alarmIds: [alarm.id] });
    let visit = await visitOf(id);
    const [first, second, third] = visit.points.filter((point) => point.pests.length > 0) as [FieldVisit['points'][number], FieldVisit['points'][number], FieldVisit['points'][number]];
    const pest = (point: typeof first) => point.pests[0]!.id;

    // Nothing before the start; the start sent twice counts once.
    const early = await request('POST', FieldPaths.sync, technician.headers, { id, clientId: clientId(), checks: [] });
    expect([early.statusCode, early.message]).toEqual([409, FieldMessages.notStarted]);
    const startKey = clientId();
    expect((await start(id, technician.headers, startKey)).data).toEqual({ state: JobOrderState.inProgress, notice: null });
    expect((await start(id, technician.headers, startKey)).data).toEqual({ state: JobOrderState.inProgress, notice: null });
    // A key used for another call is refused, not answered with the start's answer.
    expect((await request('POST', FieldPaths.sync, technician.headers, { id, clientId: startKey, checks: [] })).statusCode).toBe(409);

    const photo = await upload(technician.headers);
    const riskType = visit.riskTypes[0]!;
    const region = visit.regions[0]!;
    const [material] = (await ok<FieldCatalog>('GET', FieldPaths.catalog, technician.headers)).materials as [FieldCatalog['materials'][number]];
    const sync = (checks: object[], key = clientId()) =>
      request<FieldWriteAnswer>('POST', FieldPaths.sync, technician.headers, {
        id,
        clientId: key,
        checks,
        risks: [{ key: 'risk-0001', regionId: region.id, riskTypeId: riskType.id, issueId: riskType.issues[0]!.id, grade: RiskGrade.high, location: '洗碗间地漏', advice: '加装防鼠网', followUpType: FollowUpType.customer, photos: [photo] }],
        materials: [{ materialId: material.id, regionId: region.id, lotNo: 'L2026', quantity: 2.5 }],
      });
    const syncKey = clientId();
    const firstSync = [
      { pointId: first.id, status: PointStatus.normal, counts: [{ pestId: pest(first), count: 3 }], photos: [photo], note: '粘板满' },
      { pointId: second.id, status: PointStatus.damaged, counts: [{ pestId: pest(second), count: 1 }] },
    ];
    expect((await sync(firstSync, syncKey)).data).toEqual({ state: JobOrderState.inProgress, notice: null });
    expect((await sync(firstSync, syncKey)).statusCode).toBe(200);
    // A later sync replaces the point's counts (the phone sends what it has), and adds a point not reached.
    expect(
      (await sync([
        { pointId: first.id, status: PointStatus.normal, counts: [{ pestId: pest(first), count: 4 }], photos: [photo] },
        { pointId: third.id, status: PointStatus.unchecked, counts: [] },
      ])).statusCode,
    ).toBe(200);
    visit = await visitOf(id);
    expect(visit.recorded.risks.map((risk) => risk.key)).toEqual(['risk-0001']);
    expect(visit.recorded.checks.map((check) => [check.pointId, check.status, check.counts])).toEqual(
      [
        [first.id, PointStatus.normal, [{ pestId: pest(first), count: 4 }]],
        [second.id, PointStatus.damaged, [{ pestId: pest(second), count: 1 }]],
        [third.id, PointStatus.unchecked, []],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );

    // What is not the visit's, or not the technician's, is refused with the field named.
    const refused = async (checks: object[], message: string) => {
      const answer = await sync(checks);
      expect([answer.statusCode, answer.message]).toEqual([400, message]);
    };
    await refused([{ pointId: first.id, status: PointStatus.normal, counts: [{ pestId: 999_999, count: 1 }] }], FieldMessages.pestNotOfPoint);
    await refused([{ pointId: third.id, status: PointStatus.unchecked, counts: [{ pestId: pest(third), count: 1 }] }], FieldMessages.countsWhenUnchecked);
    await refused([{ pointId: first.id, status: PointStatus.normal, counts: [], photos: [await upload(admin)] }], FieldMessages.photoNotOurs);
    const [foreignPoint] = (await backend.db.query<{ id: number }>('select id from points where plan_id <> $1 limit 1', [store.planId])) as [{ id: number }];
    await refused([{ pointId: foreignPoint.id, status: PointStatus.normal, counts: [] }], FieldMessages.pointNotOfVisit);
    const theirs = await request('POST', FieldPaths.sync, another.headers, { id, clientId: clientId(), checks: [] });
    expect([theirs.statusCode, theirs.message]).toEqual([409, FieldMessages.reassigned]);

    // An hour and more later, the technician finishes.
    await clock.advance(70 * 60_000);
    const finishKey = clientId();
    const signature = await upload(technician.headers);
    const finish = () => request<FieldWriteAnswer>('POST', FieldPaths.finish, technician.headers, { id, clientId: finishKey, signature, remark: '已处理', at: at(65) });
    const finished = await finish();
    expect(finished.data, finished.message).toEqual({ state: JobOrderState.done, notice: null });
    expect((await finish()).data).toEqual({ state: JobOrderState.done, notice: null });
    const late = await sync(firstSync);
    expect([late.statusCode, late.message]).toEqual([409, FieldMessages.finished]);

    // The service record: the points reached, their counts once, the risk with its photo, the materials.
    const checks = await backend.db.query<{ pointId: number; condition: number }>('select point_id as "pointId", condition from point_checks where job_order_id = $1 order by point_id', [id]);
    expect(checks.map((check) => check.pointId)).toEqual([first.id, second.id].sort((a, b) => a - b));
    const [{ caught }] = (await backend.db.query<{ caught: number }>('select coalesce(sum(value), 0)::int as caught from point_check_values where job_order_id = $1', [id])) as [{ caught: number }];
    expect(caught).toBe(5);
    const risks = await backend.db.query<{ location: string; photo: string }>(
      'select r.location, f.image_path as photo from risks r join risk_photos f on f.risk_id = r.id where r.job_order_id = $1',
      [id],
    );
    expect(risks).toEqual([{ location: '洗碗间地漏', photo: photo.split('?')[0] }]);
    expect(await backend.db.query('select lot_no, quantity::float8 as quantity from job_order_materials where job_order_id = $1', [id])).toEqual([{ lot_no: 'L2026', quantity: 2.5 }]);
    const [row] = (await backend.db.query<{ state: string; ended: string; remark: string }>(
      `select state, to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as ended, remark from job_orders where id = $1`,
      [id],
    )) as [{ state: string; ended: string; remark: string }];
    expect(row).toEqual({ state: JobOrderState.done, ended: at(65).slice(0, 16), remark: '已处理' });
    // The day's roll-ups of the store hold exactly what its point checks say, this visit's included.
    const raw = `select pt.device_type_id, v.pest_id, count(*)::int as positive, sum(v.value)::bigint as caught
      from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
      join point_check_values v on v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = 'catch'
      where j.customer_id = $1 and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date = $2::date and c.condition <> ${DeviceCondition.missing} group by 1, 2 order by 1, 2`;
    const rolled = 'select device_type_id, pest_id, positive, caught from service_catch_days where store_id = $1 and day = $2::date order by 1, 2';
    const rollup = await backend.db.query(rolled, [store.customerId, TODAY]);
    expect(rollup.length).toBeGreaterThan(0);
    expect(rollup).toEqual(await backend.db.query(raw, [store.customerId, TODAY]));
    const list = await ok<{ records: { id: number; pdfUrl: string | null }[] }>('POST', JobOrderPaths.list, admin, { current: 1, size: 50, customerIds: [store.customerId] });
    const record = list.records.find((row) => row.id === id)!;
    // Its report carries the remark and the customer's signature as an image.
    const pdf = await backend.app.inject({ method: 'GET', url: record.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'field-report-'));
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('已处理');
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).filter((row) => row.trim().split(/\s+/)[2] === 'image')).toHaveLength(1);
    await rm(dir, { recursive: true, force: true });
    const [handled] = (await backend.db.query<{ state: string; note: string }>('select state, note from device_events where id = $1', [alarm.id])) as [{ state: string; note: string }];
    expect(handled.state).toBe(AlarmState.handled);
    expect(handled.note).toContain('已处理');
    const actions = await backend.db.query<{ action: string }>(`select action from audit_log where object_type = 'visit' and object_id = $1 order by id`, [String(id)]);
    expect(actions.map((entry) => entry.action)).toEqual([AuditAction.create, AuditAction.start, AuditAction.update, AuditAction.update, AuditAction.finish]);
  });

  it('keeps what arrives for a visit cancelled while the phone was offline, and says so; a reassigned one is refused plainly', async () => {
    // The phone started it offline; staff cancelled it before the start arrived.
    const id = await planVisit();
    const visit = await visitOf(id);
    await ok('POST', VisitPaths.cancel, admin, { id, reason: '客户停业' });
    expect((await start(id)).data).toEqual({ state: JobOrderState.cancelled, notice: FieldMessages.cancelled('客户停业') });
    const point = visit.points[0]!;
    const synced = await ok<FieldWriteAnswer>('POST', FieldPaths.sync, technician.headers, { id, clientId: clientId(), checks: [{ pointId: point.id, status: PointStatus.normal, counts: [] }] });
    expect(synced).toEqual({ state: JobOrderState.cancelled, notice: FieldMessages.cancelled('客户停业') });
    expect((await visitOf(id)).recorded.checks.map((check) => check.pointId)).toEqual([point.id]);
    // The phone's risks are its whole list: one deleted on the phone goes on the server too.
    const riskType = visit.riskTypes[0]!;
    const risk = { key: 'risk-gone-01', regionId: visit.regions[0]!.id, riskTypeId: riskType.id, issueId: riskType.issues[0]!.id, grade: RiskGrade.low, location: '门口', advice: '', followUpType: FollowUpType.provider };
    await ok('POST', FieldPaths.sync, technician.headers, { id, clientId: clientId(), checks: [], risks: [risk] });
    expect((await visitOf(id)).recorded.risks.map((entry) => entry.key)).toEqual(['risk-gone-01']);
    await ok('POST', FieldPaths.sync, technician.headers, { id, clientId: clientId(), checks: [], risks: [] });
    expect((await visitOf(id)).recorded.risks).toEqual([]);
    // Staff see on the calendar that the phone recorded a point of it.
    const calendar = await ok<Visit[]>('POST', VisitPaths.list, admin, { startDate: TODAY, endDate: TODAY, customerIds: [store.customerId], withCancelled: true });
    expect(calendar.find((row) => row.id === id)).toMatchObject({ state: JobOrderState.cancelled, fieldChecks: 1 });
    const finish = await request('POST', FieldPaths.finish, technician.headers, { id, clientId: clientId(), signature: await upload(technician.headers), at: at(30) });
    expect([finish.statusCode, finish.message]).toEqual([409, FieldMessages.cancelled('客户停业')]);
    expect(await backend.db.query('select 1 from point_checks where job_order_id = $1', [id])).toEqual([]);

    const given = await planVisit();
    await ok('POST', VisitPaths.reassign, admin, { id: given, technicianId: another.id });
    const refused = await start(given);
    expect([refused.statusCode, refused.message]).toEqual([409, FieldMessages.reassigned]);
    expect((await start(given, another.headers)).data.state).toBe(JobOrderState.inProgress);
  });
});
