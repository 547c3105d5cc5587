import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ReportTemplateType } from '@pest/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../clock/manual-clock.ts';
import { diskFileStore } from '../files/disk-file-store.ts';
import { reportFiles, type ReportFiles } from './report-files.ts';
import { REPORT_LAYOUT_VERSION, renderServiceReport, type ServiceReport } from './service-report-pdf.ts';
import { sampleReportHead } from './sample-service-report.ts';

const DAY_MS = 86_400_000;

const report = (status: string): ServiceReport => ({
  ...sampleReportHead,
  pests: ['褐家鼠 1只'],
  points: [{ pointCode: 'A-001', regionName: '后厨', deviceTypeName: '粘鼠板', finding: '捕获 褐家鼠 1', count: 1 }],
  risks: [{ regionName: '后厨', riskType: '环境卫生', issueDesc: '排水沟有食物残渣', advice: '每日清理排水沟', status }],
  materials: [],
});

describe('reportFiles', () => {
  let dir: string;
  let clock: ManualClock;
  let files: ReportFiles;
  let renders: number;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-report-files-test-'));
    // Far from the real date, so nothing here passes for the file system's own times.
    clock = createManualClock(Date.parse('2031-03-01T12:00:00Z'));
    renders = 0;
    files = reportFiles({
      store: diskFileStore(dir),
      clock,
      limits: { maxAgeMs: 30 * DAY_MS, maxBytes: 1e9 },
      renderPdf: (content) => {
        renders++;
        return renderServiceReport(content);
      },
    });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const pdfs = async () => (await readdir(dir)).filter((name) => name.endsWith('.pdf')).sort();

  it('renders a report once for concurrent requests and serves every one the same whole file', async () => {
    const [first, ...others] = await Promise.all([files.file(1, report('风险仍存在')), ...Array.from({ length: 3 }, () => files.open(1, report('风险仍存在')).then(buffer))]);
    expect(renders).toBe(1);
    expect(await pdfs()).toEqual([path.basename(first)]);
    for (const pdf of others) expect(pdf.equals(others[0]!)).toBe(true);
    expect(others[0]!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await files.cached(1, report('风险仍存在'))).toBe(true);
    await buffer(await files.open(1, report('风险仍存在')));
    expect(renders).toBe(1);
  });

  it('replaces the file of a report that changed, but not while the old one is being sent', async () => {
    const old = path.basename(await files.file(1, report('风险仍存在')));
    const sending = await files.open(1, report('风险仍存在'));
    const changed = path.basename(await files.file(1, report('整改完成')));
    expect(await pdfs()).toEqual([old, changed].sort());
    // The reader finishes; the next pruning removes the stale digest.
    expect((await buffer(sending)).subarray(0, 5).toString()).toBe('%PDF-');
    await clock.advance(1000);
    await files.open(1, report('整改完成')).then(buffer);
    await files.prune();
    expect(await pdfs()).toEqual([changed]);
    expect(await files.cached(1, report('风险仍存在'))).toBe(false);
  });

  it("renders a report again in its plan's new layout, and keeps the names of full pest reports rendered before templates", async () => {
    const full = path.basename(await files.file(1, report('风险仍存在')));
    // The name such a file had before reports had templates: the layout version and the report's JSON.
    const { templateType: _full, ...before } = report('风险仍存在');
    const digest = createHash('sha256').update(`${REPORT_LAYOUT_VERSION}:`).update(JSON.stringify(before)).digest('hex').slice(0, 16);
    expect(full).toBe(`1-${digest}.pdf`);
    const survey = path.basename(await files.file(1, { ...report('风险仍存在'), templateType: ReportTemplateType.survey }));
    expect(survey).not.toBe(full);
    expect(renders).toBe(2);
    expect(await pdfs()).toEqual([survey]);
    expect(await files.cached(1, report('风险仍存在'))).toBe(false);
  });

  it('counts age from when a report was last served, and keeps one being sent however old', async () => {
    await files.file(1, report('风险仍存在'));
    await files.file(2, report('风险仍存在'));
    await files.file(3, report('风险仍存在'));
    await clock.advance(20 * DAY_MS);
    await files.open(2, report('风险仍存在')).then(buffer);
    const sending = await files.open(3, report('风险仍存在'));
    await clock.advance(15 * DAY_MS);
    const result = await files.prune();
    expect(result.removed).toBe(1);
    expect((await pdfs()).map((name) => name.split('-')[0])).toEqual(['2', '3']);
    sending.destroy();
    await new Promise((resolve) => sending.once('close', resolve));
    await clock.advance(16 * DAY_MS);
    await files.prune();
    expect(await pdfs()).toEqual([]);
  });
});
