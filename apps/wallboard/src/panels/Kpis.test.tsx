import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlarmStatistics, MouseBoxStatistics } from '@pest/shared';
import { testI18n } from '../i18n/testTranslator.ts';
import { Kpis } from './Kpis.tsx';

const statistics: MouseBoxStatistics = { total: 6012, online: 5900, offline: 80, fault: 32, lowBattery: 120, unhandledAlarm: 1509, alarmsToday: 240 };
const today = (median: number | null): AlarmStatistics => ({
  openBySeverity: { critical: 3, major: 10, minor: 20 },
  acknowledged: 4,
  handled: 40,
  timeToAcknowledge: { median, p90: null },
  timeToHandle: { median: null, p90: null },
  oldestOpenSeconds: 3600,
});

const markup = async (unacknowledged: number | null, statisticsToday: AlarmStatistics | null, consoleLinks = false) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={await testI18n('zh')}>
      <Kpis statistics={statistics} unacknowledged={unacknowledged} today={statisticsToday} consoleLinks={consoleLinks} />
    </I18nextProvider>,
  );

/** Each tile's value by its test id. */
async function tiles(unacknowledged: number | null, statisticsToday: AlarmStatistics | null): Promise<Record<string, string>> {
  const html = await markup(unacknowledged, statisticsToday);
  return Object.fromEntries([...html.matchAll(/data-testid="kpi-(\w+)"><div class="kpi-value">([^<]*)<\/div><div class="kpi-label">([^<]*)</g)].map(([, id, value, label]) => [id!, `${value} ${label}`]));
}

/** Each linked tile's address by its test id. */
const hrefs = (html: string) => Object.fromEntries([...html.matchAll(/<a class="kpi [^"]*" data-testid="kpi-(\w+)" href="([^"]*)"/g)].map(([, id, href]) => [id!, href!.replaceAll('&amp;', '&')]));

describe('Kpis', () => {
  it('adds 未确认 and today’s median time to acknowledge to the device counts', async () => {
    const shown = await tiles(1433, today(252));
    expect(shown).toMatchObject({ total: '6,012 设备总数', unhandledAlarm: '1,509 未处理告警', unacknowledged: '1,433 未确认', ackMedianToday: '4分12秒 今日确认用时中位数' });
    expect(Object.keys(shown)).toHaveLength(9);
  });

  afterEach(() => vi.useRealTimers());

  it('opens the console list each tile counts on a signed-in board, today\'s alarms on China\'s today', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T17:30:00Z'));
    expect(hrefs(await markup(1, today(252), true))).toEqual({
      total: '/equipment/mouseBox',
      online: '/equipment/mouseBox?status=2',
      offline: '/equipment/mouseBox?status=1',
      fault: '/equipment/mouseBox?status=3',
      lowBattery: '/equipment/mouseBox?remainingPower=30',
      alarmsToday: '/equipment/alarmCenter?tab=all&startDate=2026-11-23&endDate=2026-11-23',
      unhandledAlarm: '/equipment/alarmCenter',
      unacknowledged: '/equipment/alarmCenter?tab=open',
    });
  });

  it('links nothing on a display link: its TV has no console session', async () => {
    const html = await markup(1, today(252));
    expect(html).not.toContain('<a');
    expect(html).not.toContain('href');
  });

  it('shows a dash, not a zero, for what is not known yet or not measured today', async () => {
    expect(await tiles(null, null)).toMatchObject({ unacknowledged: '— 未确认', ackMedianToday: '— 今日确认用时中位数' });
    expect((await tiles(0, today(null))).ackMedianToday).toBe('— 今日确认用时中位数');
    expect((await tiles(0, today(null))).unacknowledged).toBe('0 未确认');
  });
});
