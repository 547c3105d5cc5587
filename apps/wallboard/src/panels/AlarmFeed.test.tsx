import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmRecord } from '@pest/shared';
import { alarmRecord } from '../board/alarmRecordFixture.ts';
import { testI18n } from '../i18n/testTranslator.ts';
import { AlarmFeed } from './AlarmFeed.tsx';

/**
 * The feed's markup, on a board whose clock reads 2026-11-22 10:30:00 in Beijing, read through the
 * few hooks the tests need (the wallboard has no DOM library, and its markup is simple).
 */
async function render(feed: AlarmRecord[] | null, total: number | null = feed?.length ?? null, language: 'zh' | 'en' = 'zh') {
  const i18n = await testI18n(language);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AlarmFeed feed={feed} total={total} fresh={new Set([2])} />
    </I18nextProvider>,
  );
  const textOf = (markup: string, className: string): string | null => {
    const found = new RegExp(`class="${className}"[^>]*>(.*?)</`).exec(markup);
    return found ? found[1]!.replace(/<[^>]+>/g, '') : null;
  };
  const items = [...html.matchAll(/<li class="([^"]*)"[^>]*data-alarm-id="(\d+)"[^>]*>(.*?)<\/li>/g)].map(([, className, id, inner]) => ({
    id: id!,
    className: className!,
    text: (name: string) => textOf(inner!, name),
  }));
  return { html, items, text: (name: string) => textOf(html, name), has: (testId: string) => html.includes(`data-testid="${testId}"`) };
}

describe('AlarmFeed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T02:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each alarm with its age, severity, repeats, a gateway’s silent boxes, and dims the acknowledged with who saw it', async () => {
    const document = await render(
      [
        alarmRecord(1, { createTime: '2026-11-22 10:29:30' }),
        alarmRecord(2, { createTime: '2026-11-22 10:00:00', type: 1, content: '设备离线', deviceName: 'LoRa网关1', linkedCount: 30, repeatCount: 2 }),
        alarmRecord(3, { createTime: '2026-11-22 08:00:00', state: 'acknowledged', ackBy: '张三', severity: 'major' }),
      ],
      57,
    );
    const { items, text } = document;
    expect(items.map((item) => item.id)).toEqual(['1', '2', '3']);
    expect(items.map((item) => item.text('feed-since'))).toEqual(['刚刚', '30分钟前', '2小时前']);
    expect(items[1]!.text('feed-linked')).toBe('30 台设备随之失联');
    expect(items[1]!.text('feed-repeats')).toBe('×3');
    expect(items[1]!.className).toContain('fresh');
    expect(items[0]!.text('feed-linked')).toBeNull();
    expect(items[0]!.text('feed-repeats')).toBeNull();
    expect(items[2]!.className).toContain('acknowledged');
    expect(items[2]!.className).toContain('severity-major');
    expect(items[2]!.text('feed-ack')).toBe('张三 已确认');
    expect(items[0]!.className).not.toContain('acknowledged');
    expect(items[0]!.text('feed-ack')).toBeNull();
    expect(text('feed-total')).toBe('共 57 条');
  });

  it('says when nothing waits, and shows no data rather than an empty feed before the first answer', async () => {
    expect((await render([], 0)).text('feed-empty')).toBe('暂无待处理告警');
    const none = await render(null, null);
    expect(none.has('alarm-feed')).toBe(false);
    expect(none.has('no-data')).toBe(true);
  });

  it('speaks English when the board does', async () => {
    const document = await render([alarmRecord(1, { createTime: '2026-11-22 10:25:00', state: 'acknowledged', ackBy: 'Li Si', linkedCount: 4 })], 1234, 'en');
    expect(document.text('feed-since')).toBe('5 min ago');
    expect(document.text('feed-ack')).toBe('Ack. by Li Si');
    expect(document.text('feed-linked')).toBe('4 devices silent with it');
    expect(document.text('feed-total')).toBe('1,234 in all');
  });
});
