import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { JobOrderRecord } from '@pest/shared';
import en from '../../i18n/en/serviceRecord.ts';
import { JobOrderEndCell } from './JobOrderEndCell.tsx';

type EndOf = Pick<JobOrderRecord, 'state' | 'realityEndTime'>;

const render = (record: EndOf, instance = i18n) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={instance}>
      <JobOrderEndCell record={record} />
    </I18nextProvider>,
  );
/** The cell's text with the markup taken away. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('实际结束时间 cell', () => {
  it('shows the end time of a finished visit, and no tag', () => {
    const html = render({ state: 'done', realityEndTime: '2026-11-01 10:30:00' });
    expect(html).toBe('2026-11-01 10:30:00');
  });

  it('tags an open visit with its state instead of leaving the cell empty', () => {
    const running = render({ state: 'inProgress', realityEndTime: null });
    expect(textOf(running)).toBe('进行中');
    expect(running).toContain('data-state="inProgress"');
    expect(running).toContain('arco-tag-arcoblue');
    const late = render({ state: 'overdue', realityEndTime: null });
    expect(textOf(late)).toBe('已逾期');
    expect(late).toContain('arco-tag-red');
  });

  it('speaks the user’s language', async () => {
    const english = i18n.createInstance();
    await english.init({ lng: 'en', resources: { en: { serviceRecord: en } }, showSupportNotice: false });
    expect(textOf(render({ state: 'overdue', realityEndTime: null }, english))).toBe('Overdue');
  });
});
