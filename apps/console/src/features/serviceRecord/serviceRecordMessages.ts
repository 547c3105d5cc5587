/** What the service report list tells the user (console-spec section 5), to the character. */
export const ServiceRecordMessages = {
  noPreview: '该条信息暂无报告可预览！',
  noDownload: '该条信息暂无报告可下载！',
  batchSelectionRequired: '批量下载请至少选择一条数据！',
} as const;

/** The batch download's archive (console-spec section 7). */
export const BATCH_ZIP_NAME = 'files.zip';
