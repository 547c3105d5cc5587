import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * The product's PDF look, one place for every document it renders (service reports, the audit
 * pack's cover, plan, trend review, rectification record): A4, Noto Sans SC so Chinese renders on
 * any machine, a brand bar, numbered sections, ruled tables that repeat their header on a new
 * page, and a footer on every page.
 */
const require = createRequire(import.meta.url);
/** Noto Sans SC from npm; read once, subset per document. */
const fonts = {
  regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
  bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
};

export const PDF_MARGIN = 48;
export const PDF_BRAND = '#2F6FDE';
export const PDF_MUTED = '#6B7785';
const RULE = '#E5E6EB';

export interface PdfColumn {
  title: string;
  width: number;
}

/** A new A4 document with the fonts registered as 'regular' and 'bold'. The caller ends it. */
export function newPdf(info: { title: string; author: string; subject: string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: PDF_MARGIN, info: { Title: info.title, Author: info.author, Subject: info.subject }, bufferPages: true });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  return doc;
}

/** The brand bar, a centred title and a muted line under it. */
export function pdfTitle(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  doc.rect(0, 0, doc.page.width, 8).fill(PDF_BRAND);
  doc.font('bold').fontSize(20).fillColor('black').text(title, PDF_MARGIN, PDF_MARGIN, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor(PDF_MUTED).text(subtitle, { align: 'center' });
  doc.moveDown(1);
}

/** Label and value lines (客户 …, 门店 …). */
export function pdfFacts(doc: PDFKit.PDFDocument, rows: readonly (readonly [string, string])[]): void {
  const labelWidth = 70;
  const width = doc.page.width - PDF_MARGIN * 2;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(PDF_MUTED).text(label, PDF_MARGIN, y, { width: labelWidth });
    doc.font('regular').fillColor('black').text(value, PDF_MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.moveDown(0.25);
  }
}

export function pdfSection(doc: PDFKit.PDFDocument, title: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  const y = doc.y;
  doc.rect(PDF_MARGIN, y + 2, 3, 12).fill(PDF_BRAND);
  doc.font('bold').fontSize(12).fillColor('black').text(title, PDF_MARGIN + 10, y);
  doc.moveDown(0.4);
  doc.x = PDF_MARGIN;
}

/** A paragraph of body text. */
export function pdfText(doc: PDFKit.PDFDocument, text: string): void {
  doc.font('regular').fontSize(10).fillColor('black').text(text);
}

export function pdfTable(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void {
  const padding = 4;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - padding * 2 }))) + padding * 2;
    if (ensureSpace(doc, height) && !bold) drawRow(columns.map((c) => c.title), true);
    const y = doc.y;
    let x = PDF_MARGIN;
    if (bold) doc.rect(PDF_MARGIN, y, columns.reduce((sum, c) => sum + c.width, 0), height).fill('#F2F3F5');
    cells.forEach((cell, i) => {
      doc.fillColor('black').text(cell, x + padding, y + padding, { width: columns[i]!.width - padding * 2 });
      x += columns[i]!.width;
    });
    doc.moveTo(PDF_MARGIN, y + height).lineTo(x, y + height).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.x = PDF_MARGIN;
    doc.y = y + height;
  };
  drawRow(columns.map((c) => c.title), true);
  for (const row of rows) drawRow(row, false);
}

/** `footer` and 第 i / n 页 at the bottom of every page; call once everything is drawn. */
export function pdfPageNumbers(doc: PDFKit.PDFDocument, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(PDF_MUTED)
      .text(`${footer}    第 ${i + 1} / ${range.count} 页`, PDF_MARGIN, doc.page.height - 30, { width: doc.page.width - PDF_MARGIN * 2, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
}

/** Starts a new page when fewer than `height` points are left; says whether it did. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= doc.page.height - doc.page.margins.bottom) return false;
  doc.addPage();
  return true;
}
