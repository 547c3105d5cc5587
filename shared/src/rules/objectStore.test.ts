import { describe, expect, it } from 'vitest';
import type { OssConfig } from '../contract/uploads.ts';
import { objectKey, ossFormFields, storedFileUrl } from './objectStore.ts';

describe('the OSS form', () => {
  const config: OssConfig = {
    host: 'http://127.0.0.1:8080/oss/',
    policy: 'cG9saWN5',
    signature: 'c2ln',
    accessKeyId: 'key-id',
    bucket: 'pest',
    dir: 'users/7/',
    expire: 1_900_000_000,
  };

  it('keys the file under the user’s directory with a random name and the lower-cased extension', () => {
    expect(objectKey(config.dir, '门店照片.JPEG', 'c0ffee')).toBe('users/7/c0ffee.jpeg');
  });

  it('sends the policy fields in the store’s order, the file to follow', () => {
    const fields = ossFormFields(config, 'users/7/c0ffee.png', 'image/png');
    expect(Object.keys(fields)).toEqual(['key', 'policy', 'OSSAccessKeyId', 'signature', 'success_action_status', 'Content-Type']);
    expect(fields).toEqual({
      key: 'users/7/c0ffee.png',
      policy: 'cG9saWN5',
      OSSAccessKeyId: 'key-id',
      signature: 'c2ln',
      success_action_status: '200',
      'Content-Type': 'image/png',
    });
  });

  it('finds the stored file under the host, with one slash', () => {
    expect(storedFileUrl(config.host, 'users/7/c0ffee.png')).toBe('http://127.0.0.1:8080/oss/users/7/c0ffee.png');
    expect(storedFileUrl('http://oss.example.com', 'a/b.png')).toBe('http://oss.example.com/a/b.png');
  });
});
