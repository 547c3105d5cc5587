import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../i18n/labels.ts';
import { FieldLimits, FollowUpType, RiskGrade, type FieldOpenRisk, type FieldVisit } from '@pest/shared';
import { newClientId } from '../api/newClientId.ts';
import { go } from '../app/route.ts';
import { useServices } from '../app/services.ts';
import { PhotoField } from '../photos/PhotoField.tsx';
import { PickField } from '../ui/PickField.tsx';
import { isClosed, type PhotoRef, type RiskDraft, type VisitDraft } from '../store/draft.ts';
import { editDraft } from './draftActions.ts';

const GRADES = [RiskGrade.high, RiskGrade.medium, RiskGrade.low] as const;
const FOLLOW_UPS = [FollowUpType.customer, FollowUpType.provider] as const;

type RiskForm = Omit<RiskDraft, 'rev' | 'key' | 'regionId' | 'riskTypeId' | 'issueId'> & { regionId: number | null; riskTypeId: number | null; issueId: number | null };
const EMPTY_RISK: RiskForm = { regionId: null, riskTypeId: null, issueId: null, grade: RiskGrade.medium, location: '', advice: '', followUpType: FollowUpType.customer, photos: [] };

function NewRiskForm({ visit, onSave, onCancel }: { visit: FieldVisit; onSave(risk: Omit<RiskDraft, 'rev'>): void; onCancel(): void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const [form, setForm] = useState<RiskForm>(EMPTY_RISK);
  const [missing, setMissing] = useState(false);
  const set = (change: Partial<RiskForm>) => setForm((current) => ({ ...current, ...change }));
  const issues = visit.riskTypes.find((type) => type.id === form.riskTypeId)?.issues ?? [];

  const save = () => {
    const { regionId, riskTypeId, issueId } = form;
    if (regionId === null || riskTypeId === null || issueId === null || form.location.trim() === '') {
      setMissing(true);
      return;
    }
    onSave({ ...form, key: newClientId(), regionId, riskTypeId, issueId, location: form.location.trim(), advice: form.advice.trim() });
  };

  return (
    <section className="card form" data-testid="risk-form">
      <PickField label={t('risk.type')} value={form.riskTypeId} options={visit.riskTypes} placeholder={t('risk.choose')} onChange={(riskTypeId) => set({ riskTypeId, issueId: null })} testId="risk-type" />
      <PickField label={t('risk.issue')} value={form.issueId} options={issues} placeholder={t('risk.choose')} onChange={(issueId) => set({ issueId })} testId="risk-issue" />
      <PickField label={t('risk.region')} value={form.regionId} options={visit.regions} placeholder={t('risk.choose')} onChange={(regionId) => set({ regionId })} testId="risk-region" />
      <label className="field">
        <span>{t('risk.location')}</span>
        <input value={form.location} maxLength={FieldLimits.location} onChange={(event) => set({ location: event.target.value })} data-testid="risk-location" />
      </label>
      <div className="field">
        <span>{t('risk.grade')}</span>
        <div className="choice-row">
          {GRADES.map((grade) => (
            <button key={grade} type="button" className={`choice ${form.grade === grade ? 'chosen' : ''}`} aria-pressed={form.grade === grade} onClick={() => set({ grade })} data-testid={`risk-grade-${grade}`}>
              {labels.grade[grade]}
            </button>
          ))}
        </div>
      </div>
      <label className="field">
        <span>{t('risk.advice')}</span>
        <textarea value={form.advice} maxLength={FieldLimits.advice} onChange={(event) => set({ advice: event.target.value })} data-testid="risk-advice" />
      </label>
      <div className="field">
        <span>{t('risk.followUp')}</span>
        <div className="choice-row">
          {FOLLOW_UPS.map((followUpType) => (
            <button key={followUpType} type="button" className={`choice ${form.followUpType === followUpType ? 'chosen' : ''}`} aria-pressed={form.followUpType === followUpType} onClick={() => set({ followUpType })}>
              {labels.followUp[followUpType]}
            </button>
          ))}
        </div>
      </div>
      <PhotoField photos={form.photos} onChange={(photos) => set({ photos })} testId="risk-photos" />
      {missing && <p className="error">{t('risk.required')}</p>}
      <div className="choice-row">
        <button type="button" className="big" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="primary big" onClick={save} data-testid="risk-save">
          {t('save')}
        </button>
      </div>
    </section>
  );
}

function OpenRisk({ risk, draft, locked }: { risk: FieldOpenRisk; draft: VisitDraft; locked: boolean }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const services = useServices();
  const rectification = draft.rectifications.find((entry) => entry.riskId === risk.id);
  const [editing, setEditing] = useState(false);
  const [photos, setPhotos] = useState<PhotoRef[]>(rectification?.photos ?? []);
  const [note, setNote] = useState(rectification?.note ?? '');
  const [missing, setMissing] = useState(false);

  const save = () => {
    if (photos.length === 0) {
      setMissing(true);
      return;
    }
    void editDraft(services, draft.visitId, (next, rev) => ({
      ...next,
      rectifications: [...next.rectifications.filter((entry) => entry.riskId !== risk.id), { riskId: risk.id, photos, note: note.trim(), rev }],
    }));
    setEditing(false);
  };

  return (
    <li className="card" data-testid="open-risk">
      <strong>
        {risk.typeName} · {risk.issueName}
      </strong>
      <span className="muted">
        {risk.regionName} · {risk.location} · {labels.grade[risk.grade]} · {t('risk.raised', { day: risk.raisedDay })}
      </span>
      {risk.advice && <span>{risk.advice}</span>}
      {rectification && !editing && (
        <span className="tag ok">
          {t('risk.rectified')}
          {rectification.rev > draft.sentRev && <span className="unsent-dot"> ●</span>}
        </span>
      )}
      {editing ? (
        <>
          <span>{t('risk.photosAfter')}</span>
          <PhotoField photos={photos} onChange={setPhotos} testId="rectify-photos" />
          <label className="field">
            <span>{t('risk.noteAfter')}</span>
            <textarea value={note} maxLength={FieldLimits.note} onChange={(event) => setNote(event.target.value)} />
          </label>
          {missing && <p className="error">{t('risk.photoRequired')}</p>}
          <button type="button" className="primary big" onClick={save} data-testid="rectify-save">
            {t('save')}
          </button>
        </>
      ) : (
        !locked && (
          <button type="button" className="big" onClick={() => setEditing(true)} data-testid="rectify">
            {t('risk.rectify')}
          </button>
        )
      )}
    </li>
  );
}

/** 风险: risks found on this visit, and the store's earlier open ones marked put right. */
export function RisksScreen({ visit, draft }: { visit: FieldVisit; draft: VisitDraft }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const services = useServices();
  const [adding, setAdding] = useState(false);
  const locked = isClosed(draft) || draft.startedAt === null;
  const typeOf = (id: number) => visit.riskTypes.find((type) => type.id === id);

  return (
    <div className="screen with-bar" data-testid="risks-screen">
      <h1>{t('risk.title')}</h1>
      {draft.startedAt === null && <p className="banner warn">{t('visit.startFirst')}</p>}
      <h2>{t('risk.newTitle')}</h2>
      {draft.risks.length === 0 && <p className="muted">{t('risk.none')}</p>}
      <ul className="plain">
        {draft.risks.map((risk) => {
          const type = typeOf(risk.riskTypeId);
          return (
            <li key={risk.key} className="card" data-testid="new-risk">
              <strong>
                {type?.name} · {type?.issues.find((issue) => issue.id === risk.issueId)?.name}
                {risk.rev > draft.sentRev && <span className="unsent-dot"> ●</span>}
              </strong>
              <span className="muted">
                {visit.regions.find((region) => region.id === risk.regionId)?.name} · {risk.location} · {labels.grade[risk.grade]} · {labels.followUp[risk.followUpType]}
              </span>
              <span className="muted">{t('risk.photoCount', { count: risk.photos.length })}</span>
              {!locked && (
                <button type="button" onClick={() => void editDraft(services, visit.id, (next) => ({ ...next, risks: next.risks.filter((other) => other.key !== risk.key) }))}>
                  {t('remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <NewRiskForm
          visit={visit}
          onCancel={() => setAdding(false)}
          onSave={(risk) => {
            void editDraft(services, visit.id, (next, rev) => ({ ...next, risks: [...next.risks, { ...risk, rev }] }));
            setAdding(false);
          }}
        />
      ) : (
        !locked && (
          <button type="button" className="primary big wide" onClick={() => setAdding(true)} data-testid="risk-add">
            ＋ {t('risk.add')}
          </button>
        )
      )}

      <h2>{t('risk.open')}</h2>
      {visit.openRisks.length === 0 && <p className="muted">{t('risk.none')}</p>}
      <ul className="plain">
        {visit.openRisks.map((risk) => (
          <OpenRisk key={risk.id} risk={risk} draft={draft} locked={locked} />
        ))}
      </ul>

      <nav className="bottom-bar">
        <button type="button" className="big wide" onClick={() => go({ screen: 'visit', visitId: visit.id })}>
          {t('back')}
        </button>
      </nav>
    </div>
  );
}
