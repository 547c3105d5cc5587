import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { LatestNotice } from '@pest/shared';
import { testI18n } from '../i18n/testTranslator.ts';
import { NoticePanel } from './NoticePanel.tsx';

const notice: LatestNotice = { id: 7, title: '春节期间服务安排', publishedAt: '2026-01-20 09:30:00', excerpt: '除夕至初三暂停例行上门，紧急情况请拨打值班电话。' };

async function render(shown: LatestNotice | null, language: 'zh' | 'en' = 'zh') {
  return renderToStaticMarkup(
    <I18nextProvider i18n={await testI18n(language)}>
      <NoticePanel notice={shown} />
    </I18nextProvider>,
  );
}

describe('NoticePanel', () => {
  it('shows the latest notice’s title, day and the start of its text under 最新通知', async () => {
    const html = await render(notice);
    expect(/<h2>([^<]*)<\/h2>/.exec(html)?.[1]).toBe('最新通知');
    expect(html).toContain('<div class="notice-title" data-testid="notice-title">春节期间服务安排</div>');
    expect(html).toContain('<span class="notice-day" data-testid="notice-day">2026-01-20</span>');
    expect(html).toContain('除夕至初三暂停例行上门');
    expect(/<h2>([^<]*)<\/h2>/.exec(await render(notice, 'en'))?.[1]).toBe('Latest notice');
  });

  it('renders markup in a notice as text, never as markup', async () => {
    const html = await render({ ...notice, title: '<img src=x onerror="alert(1)">标题', excerpt: '<script>alert(2)</script>' });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;标题');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('takes no room when there is no notice', async () => {
    expect(await render(null)).toBe('');
  });
});
