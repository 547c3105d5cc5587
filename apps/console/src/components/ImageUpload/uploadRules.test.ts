import { describe, expect, it } from 'vitest';
import type { OssConfig } from '@pest/shared';
import { objectKey, ossFormFields, storedFileUrl, uploadProblem } from './uploadRules.ts';

const MB = 1024 * 1024;
const WRONG_TYPE = '上传图片只能是 JPG/PNG/GIF/JPEG 格式!';
const TOO_LARGE = '上传图片大小不能超过 3MB!';

describe('uploadProblem', () => {
  it('accepts png, jpg, jpeg and gif up to 3 MB, whatever the extension’s case', () => {
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(uploadProblem({ name: 'a.JPG', type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(uploadProblem({ name: 'a.jpeg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBeNull();
  });

  it('refuses other types with the spec’s message', () => {
    expect(uploadProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(WRONG_TYPE);
    expect(uploadProblem({ name: 'plan.svg', type: 'image/svg+xml', size: 10 })).toBe(WRONG_TYPE);
    expect(uploadProblem({ name: 'photo.webp', type: 'image/webp', size: 10 })).toBe(WRONG_TYPE);
  });

  it('refuses an image content type under a name that is not an image, and a file without an extension', () => {
    expect(uploadProblem({ name: 'photo.txt', type: 'image/png', size: 10 })).toBe(WRONG_TYPE);
    expect(uploadProblem({ name: 'photo', type: 'image/png', size: 10 })).toBe(WRONG_TYPE);
  });

  it('refuses more than 3 MB with the spec’s message', () => {
    expect(uploadProblem({ name: 'big.png', type: 'image/png', size: 3 * MB + 1 })).toBe(TOO_LARGE);
    expect(uploadProblem({ name: 'big.jpg', type: 'image/jpeg', size: 4 * MB })).toBe(TOO_LARGE);
  });

  it('names the type first when both are wrong', () => {
    expect(uploadProblem({ name: 'big.txt', type: 'text/plain', size: 4 * MB })).toBe(WRONG_TYPE);
  });
});

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
