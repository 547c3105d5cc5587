import type { ServiceReport } from '../service-report-pdf.ts';
import { pestsSection, pointsSection, remarkSection, reportEnd, reportHead, risksSection } from './common.ts';

/** 虫害调查报告 (template 4): what the survey found, point by point, and what to do; no materials (a survey treats nothing). */
export function renderSurvey(report: ServiceReport): PDFKit.PDFDocument {
  const doc = reportHead(report, '虫害调查报告');
  pestsSection(doc, report, '调查结论', '本次调查未发现虫害活动。', '调查中发现：');
  pointsSection(doc, report, '点位调查结果');
  risksSection(doc, report, '风险与整改建议');
  remarkSection(doc, report, '建议', '无。');
  return reportEnd(doc, report);
}
