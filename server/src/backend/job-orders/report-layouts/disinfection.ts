import { pdfSection, pdfTable, pdfText } from '../../common/pdf-document.ts';
import type { ServiceReport } from '../service-report-pdf.ts';
import { formatAmount, remarkSection, reportEnd, reportHead, risksSection } from './common.ts';

/** 消毒服务报告 (template 3): where the visit disinfected and with what; no pests, no points. */
export function renderDisinfection(report: ServiceReport): PDFKit.PDFDocument {
  const doc = reportHead(report, '消毒服务报告');
  // A report put together without the disinfection part (not loaded for this layout) still renders, from what every report has.
  const coverage = report.disinfection?.coverage ?? [];
  const agents = report.disinfection?.agents ?? report.materials.map((material) => ({ ...material, concentration: null }));

  pdfSection(doc, `消毒范围（共 ${coverage.length} 个区域）`);
  if (coverage.length === 0) {
    pdfText(doc, '本次服务未记录消毒区域。');
  } else {
    pdfTable(
      doc,
      [
        { title: '区域', width: 120 },
        { title: '消毒位置', width: 379 },
      ],
      coverage.map((row) => [row.region, row.areas.length === 1 && row.areas[0] === row.region ? '整个区域' : row.areas.join('、')]),
    );
  }

  pdfSection(doc, `消毒药剂（共 ${agents.length} 项）`);
  if (agents.length === 0) {
    pdfText(doc, '本次服务未使用消毒药剂。');
  } else {
    pdfTable(
      doc,
      [
        { title: '药剂', width: 100 },
        { title: '登记证号', width: 70 },
        { title: '有效成分/浓度', width: 90 },
        { title: '批号', width: 60 },
        { title: '用量', width: 55 },
        { title: '使用位置', width: 124 },
      ],
      agents.map((agent) => [
        agent.materialName,
        agent.registrationNo ?? '—',
        [agent.activeIngredient, agent.concentration].filter(Boolean).join(' ') || '—',
        agent.lotNo,
        formatAmount(agent.quantity, agent.unit),
        agent.regionName,
      ]),
    );
  }

  risksSection(doc, report, '卫生风险与建议');
  remarkSection(doc, report, '服务备注');
  return reportEnd(doc, report);
}
