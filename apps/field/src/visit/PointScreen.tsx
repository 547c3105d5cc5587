import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../i18n/labels.ts';
import { FieldLimits, PointStatus, type FieldPoint, type FieldVisit } from '@pest/shared';
import { go } from '../app/route.ts';
import { useServices } from '../app/services.ts';
import { PhotoField } from '../photos/PhotoField.tsx';
import { isClosed, type CheckDraft, type VisitDraft } from '../store/draft.ts';
import { Stepper } from '../ui/Stepper.tsx';
import { editDraft } from './draftActions.ts';

const STATUSES = [PointStatus.normal, PointStatus.missing, PointStatus.damaged, PointStatus.unchecked] as const;
const EMPTY_CHECK: Omit<CheckDraft, 'rev'> = { status: PointStatus.normal, counts: {}, photos: [], note: '' };

function DeviceFacts({ device }: { device: NonNullable<FieldPoint['device']> }) {
  const { t } = useTranslation();
  return (
    <section className="device" data-testid="point-device">
      <strong>{t('point.device', { no: device.deviceNo })}</strong>
      <span>{device.lastContactAt ? t('point.lastContact', { time: device.lastContactAt }) : t('point.neverContacted')}</span>
      {device.battery !== null && <span>{t('point.battery', { value: device.battery })}</span>}
      {device.openAlarms > 0 && <span className="error">{t('point.openAlarms', { count: device.openAlarms })}</span>}
    </section>
  );
}

/** One point: what was found, the catch per pest, photos and a note, each saved on the phone as it is entered. */
export function PointScreen({ visit, draft, pointId }: { visit: FieldVisit; draft: VisitDraft; pointId: number }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const services = useServices();
  const index = visit.points.findIndex((point) => point.id === pointId);
  const point = visit.points[index];
  const check = draft.checks[pointId];
  const [note, setNote] = useState(check?.note ?? '');
  if (!point) return <p className="screen banner warn">{t('point.notFound', { code: pointId })}</p>;
  const locked = isClosed(draft) || draft.startedAt === null;
  const current = check ?? { ...EMPTY_CHECK, rev: 0 };

  // Each change is made to the check as the phone has it when the change is written, not as this
  // screen last drew it: a count typed right after a tap on 损坏 keeps 损坏.
  const save = (change: (fresh: Omit<CheckDraft, 'rev'>) => Partial<Omit<CheckDraft, 'rev'>>) =>
    void editDraft(services, visit.id, (next, rev) => {
      const fresh = { ...EMPTY_CHECK, ...next.checks[pointId] };
      return { ...next, checks: { ...next.checks, [pointId]: { ...fresh, ...change(fresh), rev } } };
    });
  const next = visit.points[index + 1];

  return (
    <div className="screen with-bar" data-testid="point-screen" data-point-code={point.code}>
      <header>
        <h1>{point.code}</h1>
        <p className="muted">
          {point.regionName} · {point.deviceTypeName}
        </p>
        {check && check.rev > draft.sentRev && <span className="unsent-mark">{t('point.unsent')}</span>}
      </header>
      {draft.startedAt === null && <p className="banner warn">{t('visit.startFirst')}</p>}
      {point.device && <DeviceFacts device={point.device} />}

      <h2>{t('point.status')}</h2>
      <div className="choice-grid" role="radiogroup" aria-label={t('point.status')}>
        {STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="radio"
            aria-checked={check?.status === status}
            className={`choice status-${status} ${check?.status === status ? 'chosen' : ''}`}
            disabled={locked}
            onClick={() => save(() => ({ status }))}
            data-testid={`status-${status}`}
          >
            {labels.pointStatus[status]}
          </button>
        ))}
      </div>

      {point.pests.length > 0 && (
        <>
          <h2>{t('point.counts')}</h2>
          {current.status === PointStatus.unchecked && <p className="muted">{t('point.countsDisabled')}</p>}
          {point.pests.map((pest) => (
            <Stepper
              key={pest.id}
              label={pest.name}
              value={current.counts[pest.id] ?? 0}
              max={FieldLimits.count}
              disabled={locked || current.status === PointStatus.unchecked}
              onChange={(count) => save((fresh) => ({ counts: { ...fresh.counts, [pest.id]: count } }))}
              testId={`count-${pest.id}`}
            />
          ))}
        </>
      )}

      <h2>{t('point.photos')}</h2>
      <PhotoField photos={current.photos} disabled={locked} onChange={(photos) => save(() => ({ photos }))} testId="point-photos" />

      <label className="field">
        <span>{t('point.note')}</span>
        <textarea
          value={note}
          maxLength={FieldLimits.note}
          disabled={locked}
          onChange={(event) => {
            setNote(event.target.value);
            const text = event.target.value;
            save(() => ({ note: text }));
          }}
          data-testid="point-note"
        />
      </label>

      <nav className="bottom-bar">
        <button type="button" className="big" onClick={() => go({ screen: 'visit', visitId: visit.id })} data-testid="point-back">
          {t('point.list')}
        </button>
        {next && (
          <button type="button" className="primary big" onClick={() => go({ screen: 'point', visitId: visit.id, pointId: next.id })} data-testid="point-next">
            {t('point.next')}
          </button>
        )}
      </nav>
    </div>
  );
}
