import { pdfSection, pdfTable } from '../../common/pdf-document.ts';
import type { ServiceReport } from '../service-report-pdf.ts';
import { materialsSection, pestsSection, remarkSection, reportEnd, reportHead, risksSection } from './common.ts';

/** 虫害简版报告 (template 1): the full report with the points summed up by device type instead of listed. */
export function renderPestSimple(report: ServiceReport): PDFKit.PDFDocument {
  const doc = reportHead(report, '虫害防治服务报告（简版）');
  pestsSection(doc, report, '发现虫害', '本次服务未发现虫害活动。');
  pdfSection(doc, `点位汇总（共 ${report.points.length} 个点位）`);
  pdfTable(
    doc,
    [
      { title: '设备类型', width: 175 },
      { title: '点位数', width: 108 },
      { title: '有虫害点位', width: 108 },
      { title: '捕获数量', width: 108 },
    ],
    pointSummary(report.points).map((row) => [row.deviceTypeName, String(row.points), String(row.withPests), String(row.caught)]),
  );
  risksSection(doc, report, '风险与整改建议');
  materialsSection(doc, report);
  remarkSection(doc, report, '服务备注');
  return reportEnd(doc, report);
}

interface SummaryRow {
  deviceTypeName: string;
  points: number;
  /** Points where something was caught. */
  withPests: number;
  caught: number;
}

/** The points by device type, in the order the report lists them, and a 合计 row when there are several types. */
export function pointSummary(points: ServiceReport['points']): SummaryRow[] {
  const byType = new Map<string, SummaryRow>();
  for (const point of points) {
    const row = byType.get(point.deviceTypeName) ?? { deviceTypeName: point.deviceTypeName, points: 0, withPests: 0, caught: 0 };
    row.points++;
    if (point.count > 0) row.withPests++;
    row.caught += point.count;
    byType.set(point.deviceTypeName, row);
  }
  const rows = [...byType.values()];
  if (rows.length < 2) return rows;
  const sum = (pick: (row: SummaryRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return [...rows, { deviceTypeName: '合计', points: sum((r) => r.points), withPests: sum((r) => r.withPests), caught: sum((r) => r.caught) }];
}
