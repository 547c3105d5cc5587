import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { shownConnection, type Connection } from '../live/connection.ts';
import { useNow } from '../screen/useNow.ts';

/** How old the data is, in the coarsest unit that fits. */
function ageText(t: ReturnType<typeof useTranslation>['t'], ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('age.seconds', { count: seconds });
  if (seconds < 3600) return t('age.minutes', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('age.hours', { count: Math.floor(seconds / 3600) });
  return t('age.days', { count: Math.floor(seconds / 86_400) });
}

export function Header({ organisationName, connection, dataAsOf }: { organisationName: string | null; connection: Connection; dataAsOf: string | null }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  const clock = dayjs(now);
  const weekday = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { weekday: 'long' }).format(now);
  const shown = shownConnection(connection, dataAsOf !== null);
  return (
    <header className="board-header">
      <div className="org" data-testid="org-name">
        {organisationName ?? t('noData')}
      </div>
      <h1>{t('title')}</h1>
      <div className="header-right">
        <div className="clock" data-testid="clock">
          <span className="date">
            {clock.format('YYYY-MM-DD')} {weekday}
          </span>
          <span className="time figure">{clock.format('HH:mm:ss')}</span>
        </div>
        <div className={`connection connection-${shown}`} data-testid="connection" data-state={shown}>
          <span className="dot" />
          <span>{t(`connection.${shown}`)}</span>
          {shown !== 'live' && dataAsOf && (
            <span className="age" data-testid="data-age">
              {t('connection.age', { age: ageText(t, now - Date.parse(dataAsOf)) })}
            </span>
          )}
        </div>
      </div>
    </header>
  );
}
