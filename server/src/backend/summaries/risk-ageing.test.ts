import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RISK_OVERDUE_DAYS,
  isRiskOverdue,
  riskAgeDays,
  ChartPaths,
  SummaryPaths,
  type Page,
  type RiskDetailRow,
  type RiskGrade,
  type RiskStatus,
  type RiskSummaryRow,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
/** Three weeks after the history ends: risks raised in its last weeks are open and some overdue. */
const NOW = new Date(TEST_DEMO_ANCHOR.getTime() + 21 * 86_400_000);

interface RawRisk {
  id: number;
  grade: RiskGrade;
  status: RiskStatus;
  createdAt: Date;
  rectifiedAt: Date | null;
  organisationId: number;
}

describe(`risk ageing (issue 22) on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let raw: RawRisk[];

  beforeAll(async () => {
    backend = await createTestBackend({ clock: createManualClock(NOW.getTime()) });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    raw = await backend.db.query<RawRisk>(
      `select r.id, r.grade, r.status, r.created_at as "createdAt", r.rectified_at as "rectifiedAt", s.path[1] as "organisationId"
       from risks r join customers s on s.id = r.customer_id`,
    );
  });
  afterAll(() => backend?.close());

  const page = async (url: string, payload: object, headers = admin) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Page<RiskSummaryRow> }>().data;
  };
  const expectedAge = (risk: RawRisk) => riskAgeDays(new Date(risk.createdAt), risk.rectifiedAt && new Date(risk.rectifiedAt), NOW);
  const expectedOverdue = (risk: RawRisk) => isRiskOverdue({ ...risk, ageDays: expectedAge(risk) }, DEFAULT_RISK_OVERDUE_DAYS);
  const demo = () => raw.filter((risk) => risk.organisationId === DEMO_ORGANISATION_ID);

  it('gives every risk summary row its age and overdue flag by the shared rule, counted to the backend clock', async () => {
    const rows = (await page(SummaryPaths.riskSummary, { current: 1, size: 100_000, customerId: DEMO_ORGANISATION_ID })).records;
    expect(rows.length).toBe(demo().length);
    const byId = new Map(raw.map((risk) => [risk.id, risk]));
    for (const row of rows) {
      const risk = byId.get(row.id)!;
      expect(row.ageDays).toBe(expectedAge(risk));
      expect(row.overdue).toBe(expectedOverdue(risk));
    }
    expect(rows.some((row) => row.overdue)).toBe(true);
    expect(rows.some((row) => !row.overdue && row.status !== 8)).toBe(true);
  });

  it('filters by 超期: overdue and not overdue split the rows exactly', async () => {
    const body = { current: 1, size: 100_000, customerId: DEMO_ORGANISATION_ID };
    const overdue = await page(SummaryPaths.riskSummary, { ...body, overdue: true });
    const others = await page(SummaryPaths.riskSummary, { ...body, overdue: false });
    expect(overdue.total).toBe(demo().filter(expectedOverdue).length);
    expect(overdue.total + others.total).toBe(demo().length);
    expect(overdue.records.every((row) => row.overdue)).toBe(true);
    expect(others.records.every((row) => !row.overdue)).toBe(true);
  });

  it('lists the overdue risks of the scope, the longest open first, and only the caller’s organisation', async () => {
    const all = await page(SummaryPaths.overdueRisks, { current: 1, size: 500 });
    expect(all.total).toBe(raw.filter(expectedOverdue).length);
    const ages = all.records.map((row) => row.ageDays);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    const own = await page(SummaryPaths.overdueRisks, { current: 1, size: 500 }, manager);
    expect(own.total).toBe(demo().filter(expectedOverdue).length);
    expect(own.total).toBeLessThan(all.total);
    const foreign = raw.find((risk) => risk.organisationId !== DEMO_ORGANISATION_ID)!.organisationId;
    expect((await page(SummaryPaths.overdueRisks, { current: 1, size: 500, customerIds: [foreign] }, manager)).total).toBe(0);
  });

  it('shows the same age in the risk trend dialog (risk details)', async () => {
    const [store] = await backend.db.query<{ id: number; typeName: string }>(
      `select r.customer_id as id, t.name as "typeName" from risks r join risk_types t on t.id = r.risk_type_id
       where r.status <> 8 order by r.created_at limit 1`,
    );
    const response = await backend.app.inject({
      method: 'POST',
      url: ChartPaths.riskDetails,
      headers: admin,
      payload: { customerId: store!.id, riskTypeNames: [store!.typeName], status: null, pageNum: 1, pageSize: 1000 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{ data: Page<RiskDetailRow> }>().data.records;
    expect(rows.length).toBeGreaterThan(0);
    const byId = new Map(raw.map((risk) => [risk.id, risk]));
    for (const row of rows) {
      expect(row.ageDays).toBe(expectedAge(byId.get(row.id)!));
      expect(row.overdue).toBe(expectedOverdue(byId.get(row.id)!));
    }
  });

  it('follows RISK_OVERDUE_DAYS', async () => {
    const strict = await createTestBackend({ clock: createManualClock(NOW.getTime()), env: { RISK_OVERDUE_DAYS: 'high=0,medium=0,low=0' } });
    try {
      const headers = await signIn(strict.app, 'admin');
      const response = await strict.app.inject({ method: 'POST', url: SummaryPaths.overdueRisks, headers, payload: { current: 1, size: 1 } });
      const open = raw.filter((risk) => risk.status !== 8 && expectedAge(risk) > 0).length;
      expect(response.json<{ data: Page<RiskSummaryRow> }>().data.total).toBe(open);
    } finally {
      await strict.close();
    }
  });
});
