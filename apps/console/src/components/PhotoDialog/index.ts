export { PhotoDialog, type PhotoSet } from './PhotoDialog.tsx';
export { usePhotoDialog } from './usePhotoDialog.tsx';
