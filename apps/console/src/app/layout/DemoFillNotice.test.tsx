import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DemoFillStatus } from '@pest/shared';
import { demoFillQuery } from '../../api/demoFill.ts';
import zh from '../../i18n/zh/layout.ts';
import { DemoFillNotice } from './DemoFillNotice.tsx';

/** The notice as the backend's status (already fetched) makes it. */
const render = (status: DemoFillStatus) => {
  const client = new QueryClient();
  client.setQueryData(demoFillQuery().queryKey, status);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DemoFillNotice />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('the note while a new demo is still being generated', () => {
  it('says what is still being filled in, and goes once nothing is', () => {
    const both = render({ filling: ['deviceAlarms', 'visitSheets', 'heartbeatHistory'] });
    expect(both).toContain(zh.demoFilling.deviceAlarms);
    expect(both).toContain(zh.demoFilling.visitSheets);
    expect(both).toContain(zh.demoFilling.heartbeatHistory);
    expect(both).toContain('data-testid="demo-fill-notice"');
    // Once the sheets are in, only what is still missing is named.
    const heartbeats = render({ filling: ['heartbeatHistory'] });
    expect(heartbeats).toContain(zh.demoFilling.heartbeatHistory);
    expect(heartbeats).not.toContain(zh.demoFilling.visitSheets);
    expect(heartbeats).not.toContain(zh.demoFilling.deviceAlarms);
    expect(render({ filling: [] })).toBe('');
  });

  it('asks again while anything is being filled in, and never once it is complete', () => {
    const { refetchInterval } = demoFillQuery();
    const asked = (filling: DemoFillStatus['filling']) =>
      typeof refetchInterval === 'function' ? refetchInterval({ state: { data: { filling } } } as never) : refetchInterval;
    expect(asked(['heartbeatHistory'])).toBeGreaterThan(0);
    expect(asked([])).toBe(false);
  });
});
