import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { DisplayMessages } from '@pest/shared';
import { testI18n } from '../i18n/testTranslator.ts';
import { LinkEndedScreen } from './LinkEndedScreen.tsx';
import type { LinkEnd } from './displayView.ts';

const render = async (end: LinkEnd, name: string | null) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={await testI18n('zh')}>
      <LinkEndedScreen end={end} name={name} />
    </I18nextProvider>,
  ).replace(/<[^>]+>/g, '\n');

describe('LinkEndedScreen', () => {
  it('says the link was revoked, names it, and tells the control room to have a new link made', async () => {
    const text = await render('revoked', '华北大屏');
    expect(text).toContain(DisplayMessages.revoked);
    expect(text).toContain('链接名称：华北大屏');
    expect(text).toContain('新建一个大屏链接，然后在这台电视上打开它的网址');
    expect(text).not.toContain('自动恢复');
  });

  it('offers an expired link a longer expiry, and says the page comes back by itself', async () => {
    const text = await render('expired', '华北大屏');
    expect(text).toContain(DisplayMessages.expired);
    expect(text).toContain('延长此链接的有效期');
    expect(text).toContain('每 30 秒检查一次');
  });

  it('names no link it never knew', async () => {
    const text = await render('unknown', null);
    expect(text).toContain(DisplayMessages.notFound);
    expect(text).not.toContain('链接名称');
  });
});
