import i18n from 'i18next';
import {
  UPLOAD_IMAGE_EXTENSIONS,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  type OssConfig,
  type OssUploadFields,
} from '@pest/shared';

/** What the checks read of a chosen file (a File has all three). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Why a file may not be uploaded (console-spec section 5, the messages to the character), or null.
 * Checked before anything is sent. Both the extension and the browser's content type must be an
 * image kind: the storage policy admits by content type, and the stored name keeps the extension.
 */
export function uploadProblem(file: ChosenFile): string | null {
  if (!UPLOAD_IMAGE_TYPES.includes(file.type) || !UPLOAD_IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
    return i18n.t('devices:uploadWrongType');
  }
  if (file.size > UPLOAD_MAX_BYTES) return i18n.t('devices:uploadTooLarge');
  return null;
}

/** The object key: the user's directory, a random name, the file's own extension (section 7). */
export function objectKey(dir: string, fileName: string, randomName: string): string {
  return `${dir}${randomName}.${extensionOf(fileName)}`;
}

/** The PostObject form fields, in the order the store reads them; the file goes last. */
export function ossFormFields(config: OssConfig, key: string, contentType: string): OssUploadFields {
  return {
    key,
    policy: config.policy,
    OSSAccessKeyId: config.accessKeyId,
    signature: config.signature,
    success_action_status: '200',
    'Content-Type': contentType,
  };
}

/** Where the store serves the file once it has it. */
export function storedFileUrl(host: string, key: string): string {
  return `${host.replace(/\/+$/, '')}/${key}`;
}
