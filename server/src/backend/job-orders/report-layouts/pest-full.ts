import type { ServiceReport } from '../service-report-pdf.ts';
import { materialsSection, pestsSection, pointsSection, remarkSection, reportEnd, reportHead, risksSection } from './common.ts';

/** 虫害完整报告 (template 2, every report before contracts): every point checked, risks, materials. */
export function renderPestFull(report: ServiceReport): PDFKit.PDFDocument {
  const doc = reportHead(report, '虫害防治服务报告');
  pestsSection(doc, report, '发现虫害', '本次服务未发现虫害活动。');
  pointsSection(doc, report, '点位检查');
  risksSection(doc, report, '风险与整改建议');
  materialsSection(doc, report);
  remarkSection(doc, report, '服务备注');
  return reportEnd(doc, report);
}
