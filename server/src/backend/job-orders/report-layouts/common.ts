import { ensureSpace, newPdf, PDF_MARGIN, pdfFacts, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle } from '../../common/pdf-document.ts';
import type { ServiceReport } from '../service-report-pdf.ts';

/**
 * The parts every report layout shares: the head (title, provider and report number, the visit's
 * facts), the tables that several layouts show, and the end (the lines to sign, page numbers).
 */

/** A new report document with its title and the visit's facts drawn. Its metadata title, which a browser's PDF preview shows, names the store (job order names repeat across a chain). */
export function reportHead(report: ServiceReport, title: string): PDFKit.PDFDocument {
  const doc = newPdf({ title: `${report.storeName} ${report.jobOrderName} 服务报告`, author: report.providerName, subject: report.storeName });
  pdfTitle(doc, title, `${report.providerName}  ·  报告编号 ${report.code}`);
  pdfFacts(doc, [
    ['客户', report.customerName],
    ['门店', report.storeName],
    ['地址', report.address],
    ['工单', report.jobOrderName],
    ['服务类型', report.serviceType],
    ['服务人员', report.staff],
    ['开始时间', report.startTime],
    ['结束时间', report.endTime],
  ]);
  return doc;
}

/** The lines to sign and the page numbers; ends the document. */
export function reportEnd(doc: PDFKit.PDFDocument, report: ServiceReport): PDFKit.PDFDocument {
  signature(doc, report);
  pdfPageNumbers(doc, `${report.storeName} · ${report.code}`);
  doc.end();
  return doc;
}

/** Pests caught over the visit (after `lead`), or `none` when there were none. */
export function pestsSection(doc: PDFKit.PDFDocument, report: ServiceReport, heading: string, none: string, lead = ''): void {
  pdfSection(doc, heading);
  pdfText(doc, report.pests.length ? lead + report.pests.join('、') : none);
}

/** Every point checked, one row each. */
export function pointsSection(doc: PDFKit.PDFDocument, report: ServiceReport, heading: string): void {
  pdfSection(doc, `${heading}（共 ${report.points.length} 个点位）`);
  pdfTable(
    doc,
    [
      { title: '点位编号', width: 70 },
      { title: '区域', width: 110 },
      { title: '设备类型', width: 90 },
      { title: '检查结果', width: 170 },
      { title: '数量', width: 59 },
    ],
    report.points.map((p) => [p.pointCode, p.regionName, p.deviceTypeName, p.finding, String(p.count)]),
  );
}

export function risksSection(doc: PDFKit.PDFDocument, report: ServiceReport, heading: string): void {
  pdfSection(doc, `${heading}（共 ${report.risks.length} 项）`);
  if (report.risks.length === 0) {
    pdfText(doc, '本次服务未发现风险。');
    return;
  }
  pdfTable(
    doc,
    [
      { title: '区域', width: 80 },
      { title: '风险类型', width: 80 },
      { title: '问题描述', width: 140 },
      { title: '整改建议', width: 150 },
      { title: '状态', width: 49 },
    ],
    report.risks.map((r) => [r.regionName, r.riskType, r.issueDesc, r.advice, r.status]),
  );
}

/** 用药记录: what the visit used, where. */
export function materialsSection(doc: PDFKit.PDFDocument, report: ServiceReport): void {
  pdfSection(doc, `用药记录（共 ${report.materials.length} 项）`);
  if (report.materials.length === 0) {
    pdfText(doc, '本次服务未使用药剂或耗材。');
    return;
  }
  pdfTable(
    doc,
    [
      { title: '药剂/耗材', width: 110 },
      { title: '农药登记证号', width: 80 },
      { title: '批号', width: 60 },
      { title: '用量', width: 60 },
      { title: '使用位置', width: 189 },
    ],
    report.materials.map((m) => [m.materialName, m.registrationNo ?? '—', m.lotNo, formatAmount(m.quantity, m.unit), m.regionName]),
  );
}

/** The technician's remark under `heading`; left out when there is none unless `none` says what to print instead. */
export function remarkSection(doc: PDFKit.PDFDocument, report: ServiceReport, heading: string, none?: string): void {
  const text = report.remark || none;
  if (!text) return;
  pdfSection(doc, heading);
  pdfText(doc, text);
}

/** Quantities are kept to one decimal; whole numbers print without one: 27.5 g, 2 张. */
export const formatAmount = (quantity: number, unit: string) => `${Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(1)} ${unit}`;

/** The two lines to sign: the technician's name, and the customer's signature when the field app took it. */
function signature(doc: PDFKit.PDFDocument, report: ServiceReport) {
  ensureSpace(doc, 80);
  doc.moveDown(2);
  const y = doc.y;
  doc.font('regular').fontSize(10).fillColor('black');
  doc.text(`服务人员签字：${report.staff}`, PDF_MARGIN, y);
  doc.text('客户确认签字：', doc.page.width / 2, y);
  if (report.signature) {
    // A signature that is no readable image leaves the line to sign by hand rather than failing the report.
    try {
      doc.image(report.signature, doc.page.width / 2 + 70, y - 10, { fit: [150, 50] });
    } catch {
      /* unreadable image: the line stays empty */
    }
  }
  doc.x = PDF_MARGIN;
}
