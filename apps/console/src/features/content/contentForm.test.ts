import { describe, expect, it } from 'vitest';
import { ContentKind, type ContentDetail } from '@pest/shared';
import { contentBody, contentValuesOf, isBlankHtml, linkAddress, newContentValues } from './contentForm.ts';

const written = { ...newContentValues(ContentKind.notice), title: ' 春季灭鼠 ', html: '<h2>安排</h2><p>三月起</p>' };

describe('the content editor’s body', () => {
  it('sends the trimmed title, the HTML, null for every customer and the chosen organisations otherwise', () => {
    expect(contentBody(written, true, 0)).toEqual({ ok: true, body: { kind: 'notice', title: '春季灭鼠', html: '<h2>安排</h2><p>三月起</p>', customerIds: null, publish: true } });
    expect(contentBody({ ...written, allCustomers: false, customerIds: [3, 9] }, false, 0, { id: 5, version: 2 })).toEqual({
      ok: true,
      body: { id: 5, version: 2, kind: 'notice', title: '春季灭鼠', html: '<h2>安排</h2><p>三月起</p>', customerIds: [3, 9], publish: false },
    });
  });

  it('refuses a save while an image is still uploading, then what is missing, in the page’s order', () => {
    expect(contentBody(written, true, 1)).toEqual({ ok: false, problem: 'imagesUploading' });
    expect(contentBody({ ...written, title: '  ' }, true, 0)).toEqual({ ok: false, problem: 'titleRequired' });
    expect(contentBody({ ...written, allCustomers: false }, true, 0)).toEqual({ ok: false, problem: 'customersRequired' });
    expect(contentBody({ ...written, html: '<p></p>' }, true, 0)).toEqual({ ok: false, problem: 'htmlRequired' });
  });

  it('tells a blank editor from one with text or a picture', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p><ul><li><p></p></li></ul>')).toBe(true);
    expect(isBlankHtml('<p><img src="/api/oss/a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>鼠</p>')).toBe(false);
  });

  it('opens an edit with what the server holds', () => {
    const item = { kind: 'article', title: '蟑螂', html: '<p>x</p>', customers: [{ id: 4, name: '某集团' }] } as ContentDetail;
    expect(contentValuesOf(item)).toEqual({ kind: 'article', title: '蟑螂', allCustomers: false, customerIds: [4], html: '<p>x</p>' });
    expect(contentValuesOf({ ...item, customers: null }).allCustomers).toBe(true);
  });

  it('takes links of http, https and mailto only, adding https:// to a bare address', () => {
    expect(linkAddress(' https://example.org/a ')).toBe('https://example.org/a');
    expect(linkAddress('mailto:pest@example.org')).toBe('mailto:pest@example.org');
    expect(linkAddress('example.org/rats')).toBe('https://example.org/rats');
    expect(linkAddress('javascript:alert(1)')).toBeNull();
    expect(linkAddress('data:text/html,x')).toBeNull();
    expect(linkAddress('  ')).toBeNull();
  });
});
