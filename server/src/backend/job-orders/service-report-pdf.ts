import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { JobOrderMaterial } from '@pest/shared';

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
}

const require = createRequire(import.meta.url);
/** Noto Sans SC from npm, so reports render Chinese on any machine; read once, subset per document. */
const fonts = {
  regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
  bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
};

const MARGIN = 48;
const BRAND = '#2F6FDE';
const MUTED = '#6B7785';
const RULE = '#E5E6EB';

interface Column {
  title: string;
  width: number;
}

/** Renders the report as a PDF stream (A4). The caller pipes it to a file or a reply. */
export function renderServiceReport(report: ServiceReport): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${report.jobOrderName} 服务报告`, Author: report.providerName, Subject: report.storeName },
    bufferPages: true,
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  header(doc, report);
  facts(doc, report);
  section(doc, '发现虫害');
  doc.font('regular').fontSize(10).fillColor('black').text(report.pests.length ? report.pests.join('、') : '本次服务未发现虫害活动。');
  section(doc, `点位检查（共 ${report.points.length} 个点位）`);
  table(
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
  section(doc, `风险与整改建议（共 ${report.risks.length} 项）`);
  if (report.risks.length === 0) {
    doc.font('regular').fontSize(10).fillColor('black').text('本次服务未发现风险。');
  } else {
    table(
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
  section(doc, `用药记录（共 ${report.materials.length} 项）`);
  if (report.materials.length === 0) {
    doc.font('regular').fontSize(10).fillColor('black').text('本次服务未使用药剂或耗材。');
  } else {
    table(
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
  signature(doc, report);
  pageNumbers(doc, report);
  doc.end();
  return doc;
}

/** Quantities are kept to one decimal; whole numbers print without one. */
const formatQuantity = (quantity: number) => (Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(1));

function header(doc: PDFKit.PDFDocument, report: ServiceReport) {
  doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
  doc.font('bold').fontSize(20).fillColor('black').text('虫害防治服务报告', MARGIN, MARGIN, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${report.providerName}  ·  报告编号 ${report.code}`, { align: 'center' });
  doc.moveDown(1);
}

function facts(doc: PDFKit.PDFDocument, report: ServiceReport) {
  const rows: [string, string][] = [
    ['客户', report.customerName],
    ['门店', report.storeName],
    ['地址', report.address],
    ['工单', report.jobOrderName],
    ['服务类型', report.serviceType],
    ['服务人员', report.staff],
    ['开始时间', report.startTime],
    ['结束时间', report.endTime],
  ];
  const labelWidth = 70;
  const width = doc.page.width - MARGIN * 2;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
    doc.font('regular').fillColor('black').text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.moveDown(0.25);
  }
}

function section(doc: PDFKit.PDFDocument, title: string) {
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  const y = doc.y;
  doc.rect(MARGIN, y + 2, 3, 12).fill(BRAND);
  doc.font('bold').fontSize(12).fillColor('black').text(title, MARGIN + 10, y);
  doc.moveDown(0.4);
  doc.x = MARGIN;
}

function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const padding = 4;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - padding * 2 }))) + padding * 2;
    if (ensureSpace(doc, height) && !bold) drawRow(columns.map((c) => c.title), true);
    const y = doc.y;
    let x = MARGIN;
    if (bold) doc.rect(MARGIN, y, columns.reduce((sum, c) => sum + c.width, 0), height).fill('#F2F3F5');
    cells.forEach((cell, i) => {
      doc.fillColor('black').text(cell, x + padding, y + padding, { width: columns[i]!.width - padding * 2 });
      x += columns[i]!.width;
    });
    doc.moveTo(MARGIN, y + height).lineTo(x, y + height).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(columns.map((c) => c.title), true);
  for (const row of rows) drawRow(row, false);
}

function signature(doc: PDFKit.PDFDocument, report: ServiceReport) {
  ensureSpace(doc, 80);
  doc.moveDown(2);
  const y = doc.y;
  doc.font('regular').fontSize(10).fillColor('black');
  doc.text(`服务人员签字：${report.staff}`, MARGIN, y);
  doc.text('客户确认签字：', doc.page.width / 2, y);
  doc.x = MARGIN;
}

function pageNumbers(doc: PDFKit.PDFDocument, report: ServiceReport) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${report.storeName} · ${report.code}    第 ${i + 1} / ${range.count} 页`, MARGIN, doc.page.height - 30, {
        width: doc.page.width - MARGIN * 2,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Starts a new page when fewer than `height` points are left; says whether it did. */
function ensureSpace(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= doc.page.height - doc.page.margins.bottom) return false;
  doc.addPage();
  return true;
}
