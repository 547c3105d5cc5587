import i18n from 'i18next';
import { extensionOf, UPLOAD_DOCUMENT_MAX_BYTES, UPLOAD_DOCUMENT_TYPES, UPLOAD_IMAGE_EXTENSIONS, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@pest/shared';
import { isPdfFile, type UploadAccept } from '../../api/uploads.ts';

/** What the checks read of a chosen file (a File has all three). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Why a file may not be uploaded (console-spec section 5, the messages to the character), or null.
 * Checked before anything is sent. Both the extension and the browser's content type must be an
 * image kind: the storage policy admits by content type, and the stored name keeps the extension.
 * A caller that takes documents takes a PDF too (named .pdf, typed as one or not at all), up to 20 MB.
 */
export function uploadProblem(file: ChosenFile, accept: UploadAccept = 'images'): string | null {
  if (accept === 'documents' && isPdfFile(file) && (file.type === '' || UPLOAD_DOCUMENT_TYPES.includes(file.type))) {
    return file.size > UPLOAD_DOCUMENT_MAX_BYTES ? i18n.t('devices:uploadDocumentTooLarge') : null;
  }
  if (!UPLOAD_IMAGE_TYPES.includes(file.type) || !UPLOAD_IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
    return i18n.t(accept === 'documents' ? 'devices:uploadWrongDocumentType' : 'devices:uploadWrongType');
  }
  if (file.size > UPLOAD_MAX_BYTES) return i18n.t('devices:uploadTooLarge');
  return null;
}
