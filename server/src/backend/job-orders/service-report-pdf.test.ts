import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { renderServiceReport, type ServiceReport } from './service-report-pdf.ts';
import { sampleReportHead } from './sample-service-report.ts';

const report: ServiceReport = {
  ...sampleReportHead,
  pests: ['德国小蠊', '褐家鼠'],
  points: Array.from({ length: 60 }, (_, i) => ({
    pointCode: `A-${String(i + 1).padStart(3, '0')}`,
    regionName: i % 2 ? '后厨' : '仓库',
    deviceTypeName: '粘鼠板',
    finding: i % 7 === 0 ? '捕获褐家鼠' : '无异常',
    count: i % 7 === 0 ? 1 : 0,
  })),
  risks: [{ regionName: '后厨', riskType: '环境卫生', issueDesc: '排水沟有食物残渣', advice: '每日营业结束后清理排水沟', status: '风险仍存在' }],
  materials: [
    {
      materialName: '0.005%溴敌隆饵剂',
      kind: 'rodenticide',
      registrationNo: 'WP20110139',
      activeIngredient: '溴敌隆',
      lotNo: 'L261137',
      quantity: 27.5,
      unit: 'g',
      regionName: '外围 > 垃圾房',
    },
  ],
};

describe('renderServiceReport', () => {
  it('produces a multi-page PDF whose text reads in Chinese', async () => {
    const pdf = await buffer(renderServiceReport(report));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
    try {
      const file = path.join(dir, 'report.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const expected of ['虫害防治服务报告', '味多美（朝阳大悦城店）', '北京市朝阳区朝阳北路101号', '王建国', '德国小蠊', 'A-060', '排水沟有食物残渣', '用药记录', 'WP20110139', 'L261137', '27.5 g', '外围 > 垃圾房', '第 2 / ']) {
        expect(text).toContain(expected);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
