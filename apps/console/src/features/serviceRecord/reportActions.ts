import { Message } from '@arco-design/web-react';
import i18n from 'i18next';
import type { JobOrderRecord } from '@pest/shared';
import { downloadFile } from '../../components/ExportButton/index.ts';
import { reportFileName, reportFileUrl } from './reportFiles.ts';

/** Opens the report PDF in a new tab (the link serves it inline). */
export function previewReport(record: JobOrderRecord): void {
  if (!record.previewUrl) {
    Message.info(i18n.t('serviceRecord:noPreview'));
    return;
  }
  window.open(reportFileUrl(record.previewUrl, window.location), '_blank', 'noopener');
}

/** Saves the report PDF under the server's name, `<code>-<store>-<jobOrderName>.pdf` when it gives none. */
export function downloadReport(record: JobOrderRecord): void {
  if (!record.pdfUrl) {
    Message.info(i18n.t('serviceRecord:noDownload'));
    return;
  }
  void downloadFile({ url: reportFileUrl(record.pdfUrl, window.location), fileName: reportFileName(record) });
}
