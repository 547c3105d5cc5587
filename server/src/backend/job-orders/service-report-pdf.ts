import type { JobOrderMaterial } from '@pest/shared';
import { ensureSpace, newPdf, PDF_MARGIN, pdfFacts, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle } from '../common/pdf-document.ts';

/** Everything a service report shows; job-orders/report-data.ts loads it from the database. */
export interface ServiceReport {
  providerName: string;
  code: string;
  jobOrderName: string;
  customerName: string;
  storeName: string;
  address: string;
  serviceType: string;
  staff: string;
  startTime: string;
  endTime: string;
  pests: string[];
  points: { pointCode: string; regionName: string; deviceTypeName: string; finding: string; count: number }[];
  risks: { regionName: string; riskType: string; issueDesc: string; advice: string; status: string }[];
  materials: JobOrderMaterial[];
  /** The technician's remark at the end of the visit. */
  remark: string | null;
  /** The customer's signature (PNG or JPEG) from the field app. */
  signature: Buffer | null;
}

/**
 * The rendering's version, counted up whenever the file changes for the same data (2: the store in
 * the title; 3: the remark and the customer's signature from the field app). The cache's names (report-files.ts) include it, so files rendered before are rendered
 * again rather than served as they were.
 */
export const REPORT_LAYOUT_VERSION = 3;

/**
 * Renders the report as a PDF stream (A4). The caller pipes it to a file or a reply. Its title,
 * which a browser's PDF preview shows, names the store (the job order names repeat across a chain).
 */
export function renderServiceReport(report: ServiceReport): PDFKit.PDFDocument {
  const doc = newPdf({ title: `${report.storeName} ${report.jobOrderName} 服务报告`, author: report.providerName, subject: report.storeName });
  pdfTitle(doc, '虫害防治服务报告', `${report.providerName}  ·  报告编号 ${report.code}`);
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
  pdfSection(doc, '发现虫害');
  pdfText(doc, report.pests.length ? report.pests.join('、') : '本次服务未发现虫害活动。');
  pdfSection(doc, `点位检查（共 ${report.points.length} 个点位）`);
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
  pdfSection(doc, `风险与整改建议（共 ${report.risks.length} 项）`);
  if (report.risks.length === 0) {
    pdfText(doc, '本次服务未发现风险。');
  } else {
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
  pdfSection(doc, `用药记录（共 ${report.materials.length} 项）`);
  if (report.materials.length === 0) {
    pdfText(doc, '本次服务未使用药剂或耗材。');
  } else {
    pdfTable(
      doc,
      [
        { title: '药剂/耗材', width: 110 },
        { title: '农药登记证号', width: 80 },
        { title: '批号', width: 60 },
        { title: '用量', width: 60 },
        { title: '使用位置', width: 189 },
      ],
      report.materials.map((m) => [m.materialName, m.registrationNo ?? '—', m.lotNo, `${formatQuantity(m.quantity)} ${m.unit}`, m.regionName]),
    );
  }
  if (report.remark) {
    pdfSection(doc, '服务备注');
    pdfText(doc, report.remark);
  }
  signature(doc, report);
  pdfPageNumbers(doc, `${report.storeName} · ${report.code}`);
  doc.end();
  return doc;
}

/** Quantities are kept to one decimal; whole numbers print without one. */
const formatQuantity = (quantity: number) => (Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(1));


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


