/** How long the browser may take to start reading a saved blob before its URL is released. */
const RELEASE_AFTER_MS = 60_000;

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL asynchronously: revoking it at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
