import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ServiceActivity } from '@pest/shared';
import { testI18n } from '../i18n/testTranslator.ts';
import { ServiceActivityPanel } from './ServiceActivityPanel.tsx';

const today: ServiceActivity = {
  day: '2026-11-01',
  isToday: true,
  weekStart: '2026-10-26',
  inProgress: 3,
  upcoming: 5,
  overdue: 2,
  doneToday: 7,
  plannedToday: 15,
  topStores: [{ customerId: 12, storeName: '味多美（延庆凯德广场店）', count: 4 }],
};

/** The panel's markup, read through the few hooks the tests need (the wallboard has no DOM library). */
async function render(activity: ServiceActivity | null, language: 'zh' | 'en' = 'zh') {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={await testI18n(language)}>
      <ServiceActivityPanel activity={activity} />
    </I18nextProvider>,
  );
  const texts = Object.fromEntries([...html.matchAll(/<[^>]*data-testid="([^"]+)"[^>]*>([^<]*)</g)].map(([, id, text]) => [id!, text!]));
  const counts = [...html.matchAll(/<b class="figure" data-testid="activity-([\w-]+)">(\d+)<\/b><span>([^<]*)<\/span>/g)].map(([, key, value, label]) => `${key} ${value} ${label}`);
  return { html, title: /<h2>([^<]*)<\/h2>/.exec(html)?.[1], texts, counts };
}

describe('ServiceActivityPanel', () => {
  it('shows today as 今日服务 with its date, the day’s visits by state and the week’s overdue ones', async () => {
    const shown = await render(today);
    expect(shown.title).toBe('今日服务');
    expect(shown.texts['activity-day']).toBe('2026-11-01');
    expect(shown.counts).toEqual(['in-progress 3 进行中', 'done 7 已完成', 'upcoming 5 待开始']);
    expect(shown.texts['activity-overdue']).toBe('本周逾期 2 单');
    expect(shown.html).toContain('class="activity-overdue"');
  });

  it('says nothing of overdue visits when there are none', async () => {
    const shown = await render({ ...today, overdue: 0 });
    expect(shown.texts['activity-overdue']).toBeUndefined();
    expect(shown.html).not.toContain('逾期');
  });

  it('names an earlier day in the title, and no 今日', async () => {
    const shown = await render({ ...today, day: '2026-10-31', isToday: false, weekStart: '2026-10-25' });
    expect(shown.title).toBe('最近服务日 2026-10-31');
    expect(shown.texts['activity-day']).toBeUndefined();
    expect(shown.html).not.toContain('今日');
  });

  it('speaks English with ?lang=en', async () => {
    const shown = await render(today, 'en');
    expect(shown.title).toBe('Service today');
    expect(shown.counts).toEqual(['in-progress 3 In progress', 'done 7 Done', 'upcoming 5 Not started']);
    expect(shown.texts['activity-overdue']).toBe('2 overdue this week');
  });

  it('counts a store\'s visits in English as 1 visit, 2 visits', async () => {
    const topStores = [
      { customerId: 12, storeName: 'A', count: 2 },
      { customerId: 13, storeName: 'B', count: 1 },
    ];
    const counts = (html: string) => [...html.matchAll(/<span class="store-count">([^<]*)<\/span>/g)].map(([, text]) => text);
    expect(counts((await render({ ...today, topStores }, 'en')).html)).toEqual(['2 visits', '1 visit']);
    expect(counts((await render({ ...today, topStores })).html)).toEqual(['2次', '1次']);
  });

  it('shows the no-data state, not zeros, before the first answer', async () => {
    const shown = await render(null);
    expect(shown.texts['no-data']).toBe('暂无数据');
    expect(shown.counts).toEqual([]);
  });
});
