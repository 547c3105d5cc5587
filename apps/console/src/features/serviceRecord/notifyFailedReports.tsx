import { Notification } from '@arco-design/web-react';
import i18n from 'i18next';

/** How long the list of left-out reports stays up: long enough to read a few names. */
const NOTICE_DURATION_MS = 10_000;

/** Tells which reports the zip leaves out, by name. */
export function notifyFailedReports(names: readonly string[]): void {
  Notification.warning({
    id: 'batch-download-failures',
    title: i18n.t('serviceRecord:batchFailedTitle', { count: names.length }),
    duration: NOTICE_DURATION_MS,
    content: (
      <div data-testid="batch-download-failures">
        <p className="batch-failures-hint">{i18n.t('serviceRecord:batchFailedHint')}</p>
        <ul className="batch-failures-list">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    ),
  });
}
