export { PhotoDialog, type PhotoSet } from './PhotoDialog.tsx';
export { usePhotoDialog } from './usePhotoDialog.tsx';
export { NO_PHOTOS_MESSAGE } from './photoMessages.ts';
