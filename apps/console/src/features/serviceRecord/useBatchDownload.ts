import { useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import i18n from 'i18next';
import type { JobOrderRecord } from '@pest/shared';
import { requestBinary } from '../../api/http.ts';
import { saveBlob } from '../../components/ExportButton/index.ts';
import { notifyFailedReports } from './notifyFailedReports.tsx';
import { reportFileName, reportFileUrl, uniqueFileNames } from './reportFiles.ts';
import { BATCH_ZIP_NAME } from './serviceRecordMessages.ts';
import type { ZipProgress } from './zipReports.ts';

/** A report through the http client, quietly: the batch reports failures itself, by file name. */
const fetchReport = async (url: string, signal: AbortSignal) =>
  (await requestBinary({ method: 'get', url, signal }, { skipLoading: true, silent: true })).blob;

/**
 * Batch download (console-spec section 7): fetch the selected rows' PDFs, zip them as files.zip.
 * Progress is n of m; cancel aborts the fetches; leaving the page cancels too.
 */
export function useBatchDownload() {
  const [progress, setProgress] = useState<ZipProgress>();
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (records: readonly JobOrderRecord[]) => {
    if (records.length === 0) {
      Message.info(i18n.t('serviceRecord:batchSelectionRequired'));
      return;
    }
    if (controller.current) return;
    const running = new AbortController();
    controller.current = running;
    setProgress({ done: 0, total: records.length });
    try {
      // JSZip loads with the first batch, not with the landing page.
      const { zipReports } = await import('./zipReports.ts');
      const names = uniqueFileNames(records.map(reportFileName));
      const files = records.map((record, index) => ({
        name: names[index]!,
        url: record.pdfUrl ? reportFileUrl(record.pdfUrl, window.location) : null,
      }));
      const { zip, failed } = await zipReports(files, fetchReport, { signal: running.signal, onProgress: setProgress });
      if (zip) {
        saveBlob(zip, BATCH_ZIP_NAME);
        Message.success(i18n.t('common:downloadDone'));
      }
      if (failed.length > 0) notifyFailedReports(failed);
    } catch (error) {
      if (running.signal.aborted) Message.info(i18n.t('serviceRecord:batchCancelled'));
      // Console-spec section 8: batch download errors are only logged.
      else console.error('batch download failed', error);
    } finally {
      controller.current = undefined;
      setProgress(undefined);
    }
  };

  return { progress, start, cancel: () => controller.current?.abort() };
}
