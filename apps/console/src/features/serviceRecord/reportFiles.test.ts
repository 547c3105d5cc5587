import { describe, expect, it } from 'vitest';
import { reportFileName, reportFileUrl, uniqueFileNames } from './reportFiles.ts';

const httpsPage = { href: 'https://console.example.com/serviceRecord', protocol: 'https:' };
const httpPage = { href: 'http://127.0.0.1:8080/serviceRecord', protocol: 'http:' };

describe('reportFileUrl', () => {
  it('rewrites http to https on an https page', () => {
    expect(reportFileUrl('http://oss.example.com/r/1.pdf?sig=a', httpsPage)).toBe('https://oss.example.com/r/1.pdf?sig=a');
  });

  it('keeps http on an http page and leaves https alone', () => {
    expect(reportFileUrl('http://oss.example.com/1.pdf', httpPage)).toBe('http://oss.example.com/1.pdf');
    expect(reportFileUrl('https://oss.example.com/1.pdf', httpPage)).toBe('https://oss.example.com/1.pdf');
  });

  it('makes a path absolute against the page', () => {
    expect(reportFileUrl('/api/admin/web/webCustomer/jobOrderReport/7.pdf?e=1', httpPage)).toBe(
      'http://127.0.0.1:8080/api/admin/web/webCustomer/jobOrderReport/7.pdf?e=1',
    );
  });
});

describe('reportFileName', () => {
  it('joins code, store and job order name', () => {
    expect(reportFileName({ code: 'JO202501010001', customerName: '味多美（通州北站店）', jobOrderName: '常规服务' })).toBe('JO202501010001-味多美（通州北站店）-常规服务.pdf');
  });

  it('replaces characters a file name cannot hold', () => {
    expect(reportFileName({ code: 'A/1', customerName: 'B|2', jobOrderName: '门店:一号 "旗舰"?' })).toBe('A_1-B_2-门店_一号 _旗舰__.pdf');
  });
});

describe('uniqueFileNames', () => {
  it('numbers repeated names from 2, in order', () => {
    expect(uniqueFileNames(['a.pdf', 'b.pdf', 'a.pdf', 'a.pdf'])).toEqual(['a.pdf', 'b.pdf', 'a (2).pdf', 'a (3).pdf']);
  });

  it('treats names differing only in case as the same', () => {
    expect(uniqueFileNames(['A.pdf', 'a.pdf'])).toEqual(['A.pdf', 'a (2).pdf']);
  });

  it('does not collide with a name that already looks numbered', () => {
    expect(uniqueFileNames(['a (2).pdf', 'a.pdf', 'a.pdf'])).toEqual(['a (2).pdf', 'a.pdf', 'a (3).pdf']);
  });

  it('handles names without an extension', () => {
    expect(uniqueFileNames(['x', 'x'])).toEqual(['x', 'x (2)']);
  });
});
