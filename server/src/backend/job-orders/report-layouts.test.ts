import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ReportTemplateType } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { loadServiceReport } from './report-data.ts';
import { renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

/** The headings each layout shows, and the headings of the others it must not show (the facts and the lines to sign they all share). */
const LAYOUTS: Record<ReportTemplateType, { shows: string[]; never: string[] }> = {
  [ReportTemplateType.pestSimple]: {
    shows: ['虫害防治服务报告（简版）', '发现虫害', '点位汇总', '有虫害点位', '捕获数量', '风险与整改建议', '用药记录'],
    never: ['点位编号', '点位检查', '消毒', '调查'],
  },
  [ReportTemplateType.pestFull]: {
    shows: ['虫害防治服务报告', '发现虫害', '点位检查', '点位编号', '风险与整改建议', '用药记录'],
    never: ['（简版）', '点位汇总', '消毒', '调查'],
  },
  [ReportTemplateType.disinfection]: {
    shows: ['消毒服务报告', '消毒范围', '消毒药剂', '有效成分/浓度', '卫生风险与建议'],
    never: ['虫害防治服务报告', '发现虫害', '点位检查', '点位编号', '点位汇总', '用药记录', '调查'],
  },
  [ReportTemplateType.survey]: {
    shows: ['虫害调查报告', '调查结论', '点位调查结果', '点位编号', '风险与整改建议', '建议'],
    never: ['虫害防治服务报告', '发现虫害', '点位检查', '点位汇总', '用药记录', '药剂', '消毒'],
  },
};

describe(`service report layouts by the plan's template on ${testDriver}`, () => {
  let db: Db;
  let dir: string;
  let visit: { id: number; planId: number };

  beforeAll(async () => {
    db = await openTestDb();
    dir = mkdtempSync(path.join(tmpdir(), 'pest-report-layouts-'));
    // A finished visit with points checked, something caught, a risk and materials used: every section has rows.
    const [found] = await db.query<{ id: number; planId: number }>(
      `select j.id, j.plan_id as "planId" from job_orders j
       where j.ended_at is not null
         and exists (select from point_check_values v where v.job_order_id = j.id and v.metric = 'catch' and v.value > 0)
         and exists (select from job_order_materials u where u.job_order_id = j.id)
         and exists (select from risks k where k.job_order_id = j.id)
       order by j.id limit 1`,
    );
    if (!found) throw new Error('The test seed has no finished visit with catches, materials and risks');
    visit = found;
  });
  afterAll(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const reportAs = async (templateType: ReportTemplateType | null): Promise<ServiceReport> => {
    if (templateType !== null) await db.query('update service_plans set report_template_type = $1 where id = $2', [templateType, visit.planId]);
    return (await loadServiceReport(db, visit.id))!;
  };
  const text = async (report: ServiceReport) => {
    const file = path.join(dir, `${report.templateType}.pdf`);
    writeFileSync(file, await buffer(renderServiceReport(report)));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  it("loads the template of the visit's plan, the full pest report for a plan from before contracts", async () => {
    expect((await reportAs(null)).templateType).toBe(ReportTemplateType.pestFull);
    expect((await reportAs(ReportTemplateType.survey)).templateType).toBe(ReportTemplateType.survey);
  });

  for (const type of Object.values(ReportTemplateType)) {
    it(`renders template ${type} with its own sections and none of the others'`, async () => {
      const report = await reportAs(type);
      expect(report.templateType).toBe(type);
      const pdf = await text(report);
      // What every layout shows: the visit's facts, the lines to sign and the page numbers.
      for (const shared of [report.storeName, report.code, report.staff, report.startTime, '服务人员签字', '客户确认签字', '第 1 / ']) expect(pdf).toContain(shared);
      for (const heading of LAYOUTS[type].shows) expect(pdf, heading).toContain(heading);
      for (const heading of LAYOUTS[type].never) expect(pdf, heading).not.toContain(heading);
    });
  }

  it('fills each layout from the visit: catches summed by device type, disinfected regions and agents, survey findings point by point', async () => {
    const simple = await reportAs(ReportTemplateType.pestSimple);
    const caught = simple.points.reduce((total, point) => total + point.count, 0);
    expect(caught).toBeGreaterThan(0);
    const simpleText = await text(simple);
    const types = new Set(simple.points.map((point) => point.deviceTypeName));
    for (const type of types) expect(simpleText).toContain(type);
    if (types.size > 1) expect(simpleText).toMatch(new RegExp(`合计\\s+${simple.points.length}\\s+\\d+\\s+${caught}`));

    const disinfection = await reportAs(ReportTemplateType.disinfection);
    expect(disinfection.disinfection!.agents).toHaveLength(disinfection.materials.length);
    expect(disinfection.disinfection!.coverage.length).toBeGreaterThan(0);
    const disinfectionText = await text(disinfection);
    for (const agent of disinfection.disinfection!.agents) {
      expect(disinfectionText).toContain(agent.lotNo);
      if (agent.registrationNo) expect(disinfectionText).toContain(agent.registrationNo);
    }
    // Every region of a point checked is under a top region of 消毒范围.
    const covered = disinfection.disinfection!.coverage.flatMap((row) => [row.region, ...row.areas]);
    for (const point of disinfection.points) expect(covered).toContain(point.regionName);
    for (const row of disinfection.disinfection!.coverage) expect(disinfectionText).toContain(row.region);

    const survey = await reportAs(ReportTemplateType.survey);
    const surveyText = await text(survey);
    expect(surveyText).toContain(`调查中发现：${survey.pests[0]}`);
    expect(surveyText).toContain(survey.points[0]!.pointCode);
    // Other layouts are not loaded with the disinfection part.
    expect(survey.disinfection).toBeUndefined();
  });
});
