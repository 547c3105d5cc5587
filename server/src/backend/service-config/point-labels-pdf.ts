import QRCode from 'qrcode';
import type { Queryable } from '../db/db.ts';
import { PDF_MUTED, newPdf } from '../common/pdf-document.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** Labels a page: three across, seven down on A4, each cut along its dashed edge. */
const COLUMNS = 3;
const ROWS = 7;
const PAGE_MARGIN = 28;
const PADDING = 8;
const QR_SIZE = 76;

interface LabelPoint {
  code: string;
  regionPath: string;
  deviceTypeName: string;
}

export interface PointLabels {
  storeName: string;
  planName: string;
  points: LabelPoint[];
}

/** A plan's points for their labels, by code; null when the plan is outside the scope. */
export async function pointLabelData(db: Queryable, scope: Scope, planId: number): Promise<PointLabels | null> {
  const params = new SqlParams();
  const [plan] = await db.query<{ storeName: string; planName: string }>(
    `select s.name as "storeName", p.name as "planName" from service_plans p join customers s on s.id = p.customer_id
     where p.id = ${params.add(planId)} and ${inScope(scope, 'p.customer_id', params)}`,
    params.values,
  );
  if (!plan) return null;
  const points = await db.query<LabelPoint>(
    `select pt.code, concat_ws(' / ', up.name, r.name) as "regionPath", t.name as "deviceTypeName"
     from points pt join service_regions r on r.id = pt.region_id left join service_regions up on up.id = r.parent_id
     join device_types t on t.id = pt.device_type_id
     where pt.plan_id = $1 order by pt.code`,
    [planId],
  );
  return { ...plan, points };
}

/** The QR code of `text` drawn as vector squares at (x, y), `size` wide: sharp at any print size. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // A quiet zone of two modules around the code, as scanners expect.
  const cell = size / (modules.size + 4);
  doc.save().fillColor('black');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + (column + 2) * cell, y + (row + 2) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * 点位标签: one label per point of a plan for the boxes in the field, each with a QR code that
 * carries the point's code (what the field app's scan reads), the code in large type, its region,
 * its device type and the store.
 */
export function pointLabelsPdf(labels: PointLabels): PDFKit.PDFDocument {
  const doc = newPdf({ title: `${labels.storeName} ${labels.planName} 点位标签`, author: labels.storeName, subject: '点位标签' });
  const width = (doc.page.width - PAGE_MARGIN * 2) / COLUMNS;
  const height = (doc.page.height - PAGE_MARGIN * 2) / ROWS;
  labels.points.forEach((point, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) doc.addPage();
    const x = PAGE_MARGIN + (slot % COLUMNS) * width;
    const y = PAGE_MARGIN + Math.floor(slot / COLUMNS) * height;
    doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#C9CDD4').rect(x, y, width, height).stroke().restore();
    drawQr(doc, point.code, x + PADDING, y + (height - QR_SIZE) / 2, QR_SIZE);
    const textX = x + PADDING * 2 + QR_SIZE;
    const textWidth = width - QR_SIZE - PADDING * 3;
    doc.font('bold').fontSize(14).fillColor('black').text(point.code, textX, y + PADDING + 6, { width: textWidth, lineBreak: false, ellipsis: true });
    doc.font('regular').fontSize(9).text(point.regionPath, textX, doc.y + 4, { width: textWidth, height: 24, ellipsis: true });
    doc.fontSize(8).fillColor(PDF_MUTED).text(point.deviceTypeName, textX, doc.y + 2, { width: textWidth, lineBreak: false, ellipsis: true });
    doc.text(labels.storeName, textX, doc.y + 2, { width: textWidth, height: 26, ellipsis: true });
  });
  if (labels.points.length === 0) doc.font('regular').fontSize(12).fillColor('black').text('该服务计划还没有点位。', PAGE_MARGIN, PAGE_MARGIN);
  doc.end();
  return doc;
}
