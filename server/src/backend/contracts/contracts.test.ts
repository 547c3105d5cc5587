import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  ContractMessages,
  ContractPaths,
  FieldPaths,
  FilterPaths,
  JobOrderPaths,
  NotifyPaths,
  ReportTemplateType,
  ServiceConfigPaths,
  ServiceType,
  TransactionType,
  VisitPaths,
  type Contract,
  type ServicePlanDetail,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { startHttpReceiver } from '../common/testing-receivers.ts';
import { uploadImage } from '../common/testing/upload-image.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
/** The demo manager's organisation, whose stores the demo's own contract holds. */
const DEMO_ORGANISATION_ID = 1;
/** 10:00 in Beijing on 2026-12-03: renewal notices go out in office hours. */
const NOW = Date.parse('2026-12-03T02:00:00Z');
/** The demo's technician account (李师傅), who records visits in the field app. */
const TECHNICIAN_ID = 4;

/** 合同 against the reference backend: contracts that drive their stores' plans, and their renewal notices. */
describe(`contracts on ${testDriver}`, () => {
  const clock = createManualClock(NOW);
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  let stores: number[];
  /** Another organisation than the demo manager's: its stores' plans are held by no contract yet. */
  let organisation: number;

  const post = async <T>(url: string, payload: object, headers = admin) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    const body = response.json<{ message: string; data: T }>();
    return { statusCode: response.statusCode, message: body.message, data: body.data };
  };
  const list = async (body: object = {}, headers = admin) => {
    const answer = await post<{ total: number; records: Contract[]; renewalNoticeDays: number }>(ContractPaths.list, { current: 1, size: 50, ...body }, headers);
    expect(answer.statusCode, answer.message).toBe(200);
    return answer.data;
  };
  const contract = (code: string, overrides: object = {}) => ({
    customerId: organisation,
    code,
    name: `${code} 年度服务合同`,
    signedDate: '2026-11-20',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    items: [
      { transactionType: TransactionType.pest, customerIds: stores, visitsPerMonth: 3, reportTemplateType: ReportTemplateType.pestSimple },
      { transactionType: TransactionType.disinfection, customerIds: [stores[0]!], visitsPerMonth: 2, reportTemplateType: ReportTemplateType.disinfection },
    ],
    amount: 128_000.5,
    remark: '含节假日加急服务',
    ...overrides,
  });
  const plansOf = async (storeId: number) => (await post<ServicePlanDetail[]>(ServiceConfigPaths.planList, { customerId: storeId })).data;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    backend = await createTestBackend({ clock, env: { NOTIFY_ALLOWED_HOSTS: receiver.host, PUBLIC_URL: 'https://pest.example.com' } });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    organisation = await otherOrganisationId(backend.db, DEMO_ORGANISATION_ID);
    stores = (
      await backend.db.query<{ id: number }>(
        `select s.id from customers s where s.path[1] = $1 and s.kind = 3 and s.suspended_at is null
           and (select count(*) from service_plans p where p.customer_id = s.id) = 1
         order by s.id limit 2`,
        [organisation],
      )
    ).map((row) => row.id);
    expect(stores).toHaveLength(2);
  });
  afterAll(async () => {
    await backend?.close();
    await receiver?.close();
  });

  it('drafts a contract, refusing what is wrong with the field named, and keeps it versioned and audited', async () => {
    const refused = async (body: object, message: string) => {
      const answer = await post(ContractPaths.save, body);
      expect([answer.statusCode, answer.message]).toEqual([400, message]);
    };
    await refused(contract('HT-BAD', { endDate: '2026-11-01' }), ContractMessages.endBeforeStart);
    await refused(contract('HT-BAD', { items: [] }), ContractMessages.itemsRequired);
    await refused(contract('HT-BAD', { amount: 10.005 }), ContractMessages.amountInvalid);
    await refused(contract('HT-BAD', { items: [{ transactionType: TransactionType.survey, customerIds: stores, visitsPerMonth: 1, reportTemplateType: ReportTemplateType.pestFull }] }), ContractMessages.templateMismatch);
    const foreignStore = await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] <> $1 limit 1', [organisation]);
    await refused(contract('HT-BAD', { items: [{ transactionType: TransactionType.pest, customerIds: [foreignStore[0]!.id], visitsPerMonth: 1, reportTemplateType: 2 }] }), ContractMessages.storeOutside);
    await refused(contract('HT-BAD', { attachments: ['https://elsewhere.example/scan.pdf'] }), ContractMessages.attachmentNotOurs);

    const saved = await post<{ id: number }>(ContractPaths.save, contract('HT-T-001'));
    expect(saved.statusCode, saved.message).toBe(200);
    await refused(contract('HT-T-001'), ContractMessages.codeTaken);
    const [row] = (await list({ keyword: 'HT-T-001' })).records;
    expect(row).toMatchObject({ id: saved.data.id, version: 1, state: 'draft', amount: 128_000.5, planCount: 0, daysToEnd: null });
    expect(row!.items.map((item) => [item.transactionType, item.customerIds.length, item.customerNames.length])).toEqual([[1, 2, 2], [2, 1, 1]]);

    const edited = await post(ContractPaths.save, { ...contract('HT-T-001'), id: saved.data.id, version: 1, amount: 130_000 });
    expect(edited.statusCode, edited.message).toBe(200);
    const stale = await post(ContractPaths.save, { ...contract('HT-T-001'), id: saved.data.id, version: 1 });
    expect([stale.statusCode, stale.message]).toEqual([409, ApiMessages.editConflict]);
    const audit = await backend.db.query<{ action: string }>(`select action from audit_log where object_type = 'contract' and object_id = $1 order by id`, [String(saved.data.id)]);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it("activates a contract with two transaction types: its stores' plans follow it and 服务安排 proposes its visits", async () => {
    const [draft] = (await list({ keyword: 'HT-T-001' })).records;
    const activated = await post<{ plansCreated: number; plansUpdated: number; plansEnded: number }>(ContractPaths.activate, { id: draft!.id, version: draft!.version });
    expect(activated.statusCode, activated.message).toBe(200);
    // Each store's own pest plan is taken over; the disinfection plan is new.
    expect(activated.data).toEqual({ plansCreated: 1, plansUpdated: 2, plansEnded: 0 });
    const again = await post(ContractPaths.activate, { id: draft!.id });
    expect([again.statusCode, again.message]).toEqual([400, ContractMessages.activateOnlyDraft]);

    const first = await plansOf(stores[0]!);
    const pest = first.find((plan) => plan.transactionType === TransactionType.pest)!;
    const disinfection = first.find((plan) => plan.transactionType === TransactionType.disinfection)!;
    expect(pest).toMatchObject({ contractId: draft!.id, contractName: draft!.name, startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 3, reportTemplateType: ReportTemplateType.pestSimple });
    expect(disinfection).toMatchObject({ contractId: draft!.id, name: `${draft!.name}·消毒`, visitsPerMonth: 2, reportTemplateType: ReportTemplateType.disinfection });
    const [shown] = (await list({ keyword: 'HT-T-001', states: ['active'] })).records;
    expect(shown).toMatchObject({ state: 'active', planCount: 3, daysToEnd: 362 });
    const mediumList = await backend.app.inject({ method: 'GET', url: `${FilterPaths.servicePlanList}?customerId=${stores[0]}`, headers: admin });
    expect(mediumList.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ id: disinfection.id, contractId: draft!.id, contractName: draft!.name })]));

    const planned = await post<{ planned: number }>(VisitPaths.planMonth, { month: '2027-01', customerIds: [stores[0]] });
    expect(planned.statusCode, planned.message).toBe(200);
    const visits = await backend.db.query<{ planId: number; n: number }>(
      `select plan_id as "planId", count(*)::int as n from job_orders where plan_id = any($1::int[]) and state = 'planned'
         and to_char(started_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '2027-01' group by plan_id order by plan_id`,
      [[pest.id, disinfection.id]],
    );
    expect(visits).toEqual([{ planId: pest.id, n: 3 }, { planId: disinfection.id, n: 2 }]);

    // A disinfection visit recorded in the field app: its report is the disinfection layout.
    const visit = (await post<{ id: number }>(VisitPaths.save, { customerId: stores[0], planId: disinfection.id, technicianId: TECHNICIAN_ID, plannedDate: '2026-12-03', serviceType: ServiceType.routine })).data.id;
    const technician = await signIn(backend.app, 'tech');
    const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    const field = async (url: string, body: object) => {
      const answer = await post(url, body, technician);
      expect(answer.statusCode, answer.message).toBe(200);
    };
    await field(FieldPaths.start, { id: visit, clientId: randomUUID(), at: at(-30) });
    await field(FieldPaths.finish, { id: visit, clientId: randomUUID(), signature: await uploadImage(backend.app, technician), remark: '后厨全面消毒', at: at(-5) });
    const records = (await post<{ records: { id: number; pdfUrl: string | null }[] }>(JobOrderPaths.list, { current: 1, size: 50, customerIds: [stores[0]] })).data.records;
    const pdf = await backend.app.inject({ method: 'GET', url: records.find((row) => row.id === visit)!.pdfUrl! });
    expect(pdf.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'contract-report-'));
    await writeFile(path.join(dir, 'report.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
    await rm(dir, { recursive: true, force: true });
    expect(text).toContain('消毒服务报告');
    expect(text).toContain('后厨全面消毒');
    expect(text).not.toContain('点位检查');

    // An amendment of the active contract: the second store leaves the pest item; its plan ends today, its history stays.
    const amended = await post(ContractPaths.save, { ...contract('HT-T-001', { items: [{ ...contract('HT-T-001').items[0]!, customerIds: [stores[0]] }, contract('HT-T-001').items[1]] }), id: draft!.id });
    expect(amended.statusCode, amended.message).toBe(200);
    const left = (await plansOf(stores[1]!)).find((plan) => plan.contractId === draft!.id)!;
    expect(left.endDate).toBe('2026-12-03');
    const planAudit = await backend.db.query<{ action: string }>(`select action from audit_log where object_type = 'servicePlan' and object_id = $1 order by id`, [String(disinfection.id)]);
    expect(planAudit.map((entry) => entry.action)).toEqual(['create']);
  });

  it('terminates a contract: its plans end on the last day and the visits planned after it are cancelled with the reason', async () => {
    const [active] = (await list({ keyword: 'HT-T-001' })).records;
    const noReason = await post(ContractPaths.terminate, { id: active!.id, reason: '  ' });
    expect([noReason.statusCode, noReason.message]).toEqual([400, ContractMessages.reasonRequired]);
    const ended = await post<{ visitsCancelled: number }>(ContractPaths.terminate, { id: active!.id, version: active!.version, reason: '客户门店关闭', terminatedOn: '2027-01-15' });
    expect(ended.statusCode, ended.message).toBe(200);
    const after = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from job_orders j join service_plans p on p.id = j.plan_id
       where p.contract_id = $1 and j.state = 'planned' and (j.started_at at time zone 'Asia/Shanghai')::date > '2027-01-15'`,
      [active!.id],
    );
    expect(after[0]!.n).toBe(0);
    expect(ended.data.visitsCancelled).toBeGreaterThan(0);
    const reasons = await backend.db.query<{ reason: string }>(
      `select distinct cancel_reason as reason from job_orders j join service_plans p on p.id = j.plan_id where p.contract_id = $1 and j.state = 'cancelled'`,
      [active!.id],
    );
    expect(reasons).toEqual([{ reason: '合同已终止：客户门店关闭' }]);
    const plans = (await plansOf(stores[0]!)).filter((plan) => plan.contractId === active!.id);
    expect(plans.map((plan) => plan.endDate)).toEqual(['2027-01-15', '2027-01-15']);
    const [shown] = (await list({ keyword: 'HT-T-001' })).records;
    expect(shown).toMatchObject({ state: 'terminated', terminatedOn: '2027-01-15', terminateReason: '客户门店关闭' });
    const edit = await post(ContractPaths.save, { ...contract('HT-T-001'), id: active!.id });
    expect([edit.statusCode, edit.message]).toEqual([400, ContractMessages.notEditable]);
  });

  it('lists a contract 20 days from its end as 即将到期 and notices it once through a webhook rule; one 40 days away waits', async () => {
    const channel = (await post<{ id: number }>(NotifyPaths.channelSave, { type: 'webhook', name: '合同管理员', url: receiver.url('/contracts') })).data;
    // A rule for every notification of the customer hears of its contracts; one for trap triggers only does not.
    const traps = (await post<{ id: number }>(NotifyPaths.channelSave, { type: 'webhook', name: '捕鼠值班', url: receiver.url('/traps') })).data;
    expect((await post(NotifyPaths.ruleSave, { name: '捕鼠', customerIds: [organisation], types: [5], channelIds: [traps.id], enabled: true })).statusCode).toBe(200);
    const rule = await post(NotifyPaths.ruleSave, { name: '客户全部通知', customerIds: [organisation], channelIds: [channel.id], enabled: true });
    expect(rule.statusCode, rule.message).toBe(200);
    const activate = async (code: string, endDate: string) => {
      const saved = await post<{ id: number }>(ContractPaths.save, contract(code, { startDate: '2026-01-01', signedDate: '2025-12-20', endDate }));
      expect((await post(ContractPaths.activate, { id: saved.data.id })).statusCode).toBe(200);
      return saved.data.id;
    };
    const soon = await activate('HT-T-020', '2026-12-23');
    await activate('HT-T-040', '2027-01-12');

    const expiring = await list({ expiringWithinDays: 30, customerIds: [organisation] });
    expect(expiring.renewalNoticeDays).toBe(30);
    expect(expiring.records.map((row) => [row.code, row.daysToEnd])).toEqual([['HT-T-020', 20]]);

    await clock.advance(61_000);
    await clock.advance(2_000);
    const notices = receiver.received.filter((request) => request.url.pathname === '/contracts').map((request) => JSON.parse(request.body) as { type: string; contract: { id: number; daysLeft: number; code: string }; link: string });
    expect(notices.map((notice) => [notice.type, notice.contract.code, notice.contract.daysLeft])).toEqual([['contractExpiring', 'HT-T-020', 20]]);
    expect(notices[0]!.link).toBe('https://pest.example.com/contract/list');
    // Once for its end day, however often the rules run.
    await clock.advance(61_000);
    await clock.advance(2_000);
    expect(receiver.received.filter((request) => request.url.pathname === '/contracts')).toHaveLength(1);
    expect(receiver.received.filter((request) => request.url.pathname === '/traps')).toHaveLength(0);
    const [delivery] = await backend.db.query<{ status: string }>(`select status from notify_deliveries where contract_id = $1`, [soon]);
    expect(delivery).toEqual({ status: 'sent' });
  });

  it("lets a customer's manager read their organisation's contracts and change none", async () => {
    const seen = await list({}, manager);
    // The demo's own contracts with the manager's organisation, none of another's.
    expect(seen.records.map((row) => row.code).sort()).toEqual(['HT-2026-001', 'HT-2027-001']);
    expect(seen.records.find((row) => row.code === 'HT-2026-001')).toMatchObject({ state: 'active', customerId: DEMO_ORGANISATION_ID });
    const [foreign] = (await list({ keyword: 'HT-T-020' })).records;
    const detail = await backend.app.inject({ method: 'GET', url: `${ContractPaths.detail}?id=${foreign!.id}`, headers: manager });
    expect(detail.statusCode).toBe(404);
    const write = await post(ContractPaths.save, { ...contract('HT-MGR'), customerId: DEMO_ORGANISATION_ID }, manager);
    expect(write.statusCode).toBe(403);
  });
});
