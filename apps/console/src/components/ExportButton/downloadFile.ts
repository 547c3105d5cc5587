import { Message } from '@arco-design/web-react';
import i18n from 'i18next';
import { reportError, requestBinary } from '../../api/http.ts';
import { fileNameFromContentDisposition } from './contentDisposition.ts';
import { saveBlob } from './saveBlob.ts';

export interface DownloadRequest {
  /** A path under /api as `underApi` gives it, or an absolute URL (e.g. a signed report link). */
  url: string;
  /**
   * With a body it is an export: POSTed, overlay 正在导出..., then 导出成功. Without one it is a
   * download: a GET, 正在下载, then 下载成功 (console-spec section 8).
   */
  body?: object;
  /** The name to save under when the response's Content-Disposition gives none. */
  fileName: string;
}

/**
 * Fetches a file through the http client and saves it under the server's name. A failure was
 * already shown (the server's errorMessage, or 'Error', for 5 s) and the overlay is closed;
 * resolves whether the file was saved.
 */
export async function downloadFile({ url, body, fileName }: DownloadRequest): Promise<boolean> {
  const isExport = body !== undefined;
  try {
    const file = await requestBinary(isExport ? { method: 'post', url, data: body } : { method: 'get', url }, {
      loadingText: isExport ? i18n.t('common:exporting') : i18n.t('common:downloading'),
    });
    saveBlob(file.blob, fileNameFromContentDisposition(file.contentDisposition) ?? fileName);
    Message.success(isExport ? i18n.t('common:exportDone') : i18n.t('common:downloadDone'));
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}
