/** The batch download's archive (console-spec section 7). */
export const BATCH_ZIP_NAME = 'files.zip';
