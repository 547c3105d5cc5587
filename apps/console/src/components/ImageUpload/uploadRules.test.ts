import { describe, expect, it } from 'vitest';
import { uploadProblem } from './uploadRules.ts';

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

  it('takes a PDF of up to 20 MB, typed as one or not at all, from a caller that takes documents, and pictures as before', () => {
    expect(uploadProblem({ name: 'sds.pdf', type: 'application/pdf', size: 20 * MB }, 'documents')).toBeNull();
    expect(uploadProblem({ name: 'SDS.PDF', type: '', size: 10 }, 'documents')).toBeNull();
    expect(uploadProblem({ name: 'scan.jpg', type: 'image/jpeg', size: 3 * MB }, 'documents')).toBeNull();
    expect(uploadProblem({ name: 'sds.pdf', type: 'application/pdf', size: 20 * MB + 1 }, 'documents')).toBe('上传 PDF 文件大小不能超过 20MB!');
    expect(uploadProblem({ name: 'scan.jpg', type: 'image/jpeg', size: 3 * MB + 1 }, 'documents')).toBe(TOO_LARGE);
    expect(uploadProblem({ name: 'sds.docx', type: 'application/msword', size: 10 }, 'documents')).toBe('只能上传 JPG/PNG/GIF/JPEG 图片或 PDF 文件!');
    expect(uploadProblem({ name: 'sds.pdf', type: 'text/html', size: 10 }, 'documents')).toBe('只能上传 JPG/PNG/GIF/JPEG 图片或 PDF 文件!');
    // Where only pictures are taken, a PDF is refused with the spec's message.
    expect(uploadProblem({ name: 'sds.pdf', type: 'application/pdf', size: 10 })).toBe(WRONG_TYPE);
  });
});
