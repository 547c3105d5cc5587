export { ExportButton, type ExportButtonProps } from './ExportButton.tsx';
export { downloadFile, type DownloadRequest } from './downloadFile.ts';
export { saveBlob } from './saveBlob.ts';
