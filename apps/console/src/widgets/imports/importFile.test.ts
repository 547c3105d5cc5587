import { describe, expect, it } from 'vitest';
import { UPLOAD_SHEET_MAX_BYTES } from '@pest/shared';
import { credentialsCsv, importFileProblem } from './importFile.ts';

describe('an import file', () => {
  it('is an xlsx within the sheet limit', () => {
    expect(importFileProblem({ name: '设备.XLSX', size: 1000 })).toBeNull();
    expect(importFileProblem({ name: '设备.xls', size: 1000 })).toBe('wrongType');
    expect(importFileProblem({ name: '设备.csv', size: 1000 })).toBe('wrongType');
    expect(importFileProblem({ name: '设备.xlsx', size: UPLOAD_SHEET_MAX_BYTES + 1 })).toBe('tooLarge');
  });

  it('gives the new secrets as a CSV Excel reads as UTF-8, a cell with a comma or quote quoted', () => {
    const csv = credentialsCsv(
      [
        { deviceNo: 'RB-1', secret: 'ab12' },
        { deviceNo: 'RB,"2"', secret: 'cd34' },
      ],
      ['设备编号', '密钥'],
    );
    expect(csv).toBe('\uFEFF设备编号,密钥\r\nRB-1,ab12\r\n"RB,""2""",cd34\r\n');
  });
});
