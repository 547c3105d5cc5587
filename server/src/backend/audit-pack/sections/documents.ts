import { PROVIDER_DOCUMENT_KIND_LABELS } from '@pest/shared';
import { newPdf, pdfFacts, pdfPageNumbers, pdfText, pdfTitle, PDF_MARGIN } from '../../common/pdf-document.ts';
import type { Queryable } from '../../db/db.ts';
import type { FileStore } from '../../files/file-store.ts';
import { documentsValidIn, type StoredDocument } from '../../provider-documents/document-queries.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import { storedImageBytes } from '../../common/stored-image.ts';

/** A file name without what file systems refuse. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/** 09-资质文件/: each of the provider's documents valid in the period, one PDF with its scan and validity. */
export async function documentEntries(db: Queryable, period: PackPeriod, uploads: FileStore, folder: string): Promise<PackEntry[]> {
  const documents = await documentsValidIn(db, period.startDate, period.endDate);
  return documents.map((document, index) => ({
    section: 'documents',
    name: `${folder}${String(index + 1).padStart(2, '0')}-${safeName(document.name)}.pdf`,
    open: async () => documentPdf(document, await storedImageBytes(uploads, document.filePath)),
  }));
}

function documentPdf(document: StoredDocument, scan: Buffer | null): PDFKit.PDFDocument {
  const doc = newPdf({ title: document.name, author: '', subject: PROVIDER_DOCUMENT_KIND_LABELS[document.kind] });
  pdfTitle(doc, document.name, PROVIDER_DOCUMENT_KIND_LABELS[document.kind]);
  pdfFacts(doc, [
    ['有效期', `${document.validFrom} 至 ${document.validTo ?? '长期'}`],
    ['上传', `${document.createdByName ?? '—'}  ${document.createdAt}`],
  ]);
  doc.moveDown(0.5);
  if (scan) {
    const width = doc.page.width - PDF_MARGIN * 2;
    doc.image(scan, PDF_MARGIN, doc.y, { fit: [width, doc.page.height - doc.y - PDF_MARGIN - 20], align: 'center' });
  } else {
    pdfText(doc, '该文件保存在外部存储中，未能收入资料包，请在控制台「资质文件」中查看。');
  }
  pdfPageNumbers(doc, document.name);
  doc.end();
  return doc;
}
