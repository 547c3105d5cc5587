import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './contentDisposition.ts';

describe('fileNameFromContentDisposition', () => {
  it('prefers the UTF-8 filename* over the ASCII stand-in', () => {
    const header = `attachment; filename="???.xlsx"; filename*=UTF-8''%E7%82%B9%E6%A3%80%E8%A1%A8.xlsx`;
    expect(fileNameFromContentDisposition(header)).toBe('点检表.xlsx');
  });

  it('reads filename* in any order and with lower-case charset', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=utf-8''a%20b.pdf; filename="a b.pdf"`)).toBe('a b.pdf');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="report 1.xlsx"')).toBe('report 1.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''%E7%ZZ`)).toBe('plain.pdf');
  });

  it('decodes an ISO-8859-1 filename*', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'en'%A3%20rates.pdf`)).toBe('£ rates.pdf');
  });

  it('gives nothing without a name, and does not throw on a malformed header', () => {
    expect(fileNameFromContentDisposition(undefined)).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment; filename="unterminated')).toBeUndefined();
    expect(fileNameFromContentDisposition(';;=')).toBeUndefined();
  });
});
