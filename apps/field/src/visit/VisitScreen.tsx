import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../i18n/labels.ts';
import type { FieldPoint, FieldVisit } from '@pest/shared';
import { go } from '../app/route.ts';
import { useServices } from '../app/services.ts';
import { Scanner } from '../scan/Scanner.tsx';
import { isClosed, shownState, unsentCount, type VisitDraft } from '../store/draft.ts';
import { mapLink } from '../tasks/visitDays.ts';
import { PinIcon } from '../ui/PinIcon.tsx';
import { startVisit } from './draftActions.ts';
import { locate } from './locate.ts';

function PointRow({ point, draft }: { point: FieldPoint; draft: VisitDraft }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const check = draft.checks[point.id];
  const unsent = check !== undefined && check.rev > draft.sentRev;
  return (
    <li>
      <button type="button" className={`point-row ${check ? `checked status-${check.status}` : ''}`} onClick={() => go({ screen: 'point', visitId: draft.visitId, pointId: point.id })} data-testid="point-row" data-point-code={point.code}>
        <span className="point-code">{point.code}</span>
        <span className="point-detail">
          <span>{point.deviceTypeName}</span>
          <span className="muted">
            {point.lastCheck ? t('visit.lastCheck', { day: point.lastCheck.day, status: labels.pointStatus[point.lastCheck.status], total: point.lastCheck.total }) : t('visit.noLastCheck')}
          </span>
        </span>
        <span className="point-state">
          {check && <span className={`tag status-${check.status}`}>{labels.pointStatus[check.status]}</span>}
          {unsent && (
            <span className="unsent-dot" title={t('point.unsent')} data-testid="point-unsent">
              ●
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** The points under their regions, in the server's order. */
function pointsByRegion(points: readonly FieldPoint[]): { regionId: number; regionName: string; points: FieldPoint[] }[] {
  const regions = new Map<number, { regionId: number; regionName: string; points: FieldPoint[] }>();
  for (const point of points) {
    const region = regions.get(point.regionId) ?? { regionId: point.regionId, regionName: point.regionName, points: [] };
    region.points.push(point);
    regions.set(point.regionId, region);
  }
  return [...regions.values()];
}

/** One visit: 开始服务, its points by region with their last check, 扫码, and the way to risks, materials and 完成服务. */
export function VisitScreen({ visit, draft }: { visit: FieldVisit; draft: VisitDraft }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const services = useServices();
  const [locating, setLocating] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanMiss, setScanMiss] = useState<string | null>(null);
  const closed = isClosed(draft);
  const state = shownState(draft, visit.state);
  const started = draft.startedAt !== null;
  const checked = visit.points.filter((point) => draft.checks[point.id]).length;

  const start = async () => {
    setLocating(true);
    const location = await locate();
    await startVisit(services, visit.id, location);
    setLocating(false);
  };

  const scanned = (code: string) => {
    setScanning(false);
    const point = visit.points.find((candidate) => candidate.code === code.trim());
    if (point) go({ screen: 'point', visitId: visit.id, pointId: point.id });
    else setScanMiss(code);
  };

  return (
    <div className="screen with-bar" data-testid="visit-screen">
      <header className="visit-head">
        <h1>{visit.name}</h1>
        <p className="muted">
          {visit.customerName} · {labels.serviceType[visit.serviceType]} · {visit.plannedDate} {visit.timeWindow}
        </p>
        <p className="muted">{t('visit.plan', { name: visit.planName })}</p>
        {visit.address && (
          <a href={mapLink(visit.address)} target="_blank" rel="noreferrer" className="card-map">
            <PinIcon /> {visit.address}
          </a>
        )}
        <p>
          <span className={`tag state-${state}`} data-testid="visit-state">
            {labels.state[state]}
          </span>{' '}
          {started && draft.startedAt && <span className="muted">{t('visit.started', { time: new Date(draft.startedAt).toLocaleTimeString() })}</span>}
        </p>
      </header>

      {draft.finish && (
        <p className="banner ok" data-testid="visit-done">
          {unsentCount(draft) === 0 ? t('visit.doneSent') : t('visit.doneWaiting')}
        </p>
      )}
      {!draft.finish && draft.serverState === 'cancelled' && <p className="banner error">{t('visit.cancelled')}</p>}

      {visit.alarms.length > 0 && (
        <section>
          <h2>{t('visit.alarmsTitle')}</h2>
          <ul className="plain">
            {visit.alarms.map((alarm) => (
              <li key={alarm.id} className="muted">
                {alarm.deviceNo} · {alarm.content} · {alarm.createdAt}
              </li>
            ))}
          </ul>
        </section>
      )}

      <h2>
        {t('visit.points')} <span className="muted">{t('visit.checked', { done: checked, total: visit.points.length })}</span>
      </h2>
      {scanMiss && <p className="banner warn">{t('point.notFound', { code: scanMiss })}</p>}
      {pointsByRegion(visit.points).map(({ regionId, regionName, points }) => (
        <section key={regionId} className="region">
          <h3>{regionName}</h3>
          <ul className="plain">
            {points.map((point) => (
              <PointRow key={point.id} point={point} draft={draft} />
            ))}
          </ul>
        </section>
      ))}

      <nav className="bottom-bar">
        {!started && !closed ? (
          <button type="button" className="primary big wide" disabled={locating} onClick={() => void start()} data-testid="visit-start">
            {locating ? t('visit.starting') : t('visit.start')}
          </button>
        ) : (
          <>
            <button type="button" className="big" disabled={closed} onClick={() => setScanning(true)} data-testid="visit-scan">
              {t('visit.scan')}
            </button>
            <button type="button" className="big" onClick={() => go({ screen: 'risks', visitId: visit.id })} data-testid="visit-risks">
              {t('visit.risks')}
            </button>
            <button type="button" className="big" onClick={() => go({ screen: 'materials', visitId: visit.id })} data-testid="visit-materials">
              {t('visit.materials')}
            </button>
            <button type="button" className="primary big" disabled={closed} onClick={() => go({ screen: 'finish', visitId: visit.id })} data-testid="visit-finish">
              {t('visit.finish')}
            </button>
          </>
        )}
      </nav>
      {scanning && <Scanner onCode={scanned} onClose={() => setScanning(false)} />}
    </div>
  );
}
