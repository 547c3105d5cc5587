import type { OssConfig, OssUploadFields } from '../contract/uploads.ts';

/** A file name's extension, lower-cased; '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The object key: the user's directory, a random name, the file's own extension (console-spec section 7). */
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
