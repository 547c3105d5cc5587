import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('attachmentDisposition', () => {
  it('gives the Chinese name in filename* (RFC 5987) and an ASCII stand-in', () => {
    expect(attachmentDisposition('点检表-粘鼠板.xlsx')).toBe(
      `attachment; filename="???-???.xlsx"; filename*=UTF-8''${encodeURIComponent('点检表-粘鼠板.xlsx')}`,
    );
  });

  it('says inline when asked, and leaves a plain ASCII name plain', () => {
    expect(attachmentDisposition('report (1).pdf', 'inline')).toBe('inline; filename="report (1).pdf"');
  });

  it('gives back every name exactly to a reader, and no name can break the header', () => {
    for (const name of ['风险汇总.xlsx', 'say "hi"\\.pdf', 'a; filename=evil.pdf', 'x\r\nSet-Cookie: a=b.pdf', '100%.pdf', 'café.pdf']) {
      const header = attachmentDisposition(name);
      expect(header).toMatch(/^attachment; [\x20-\x7e]*$/);
      expect(parse(header).parameters.filename).toBe(name);
    }
  });
});
