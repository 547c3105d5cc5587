import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLimits, type FieldVisit } from '@pest/shared';
import { go } from '../app/route.ts';
import { useServices } from '../app/services.ts';
import { SignatureCanvas, type SignatureSource } from '../signature/SignatureCanvas.tsx';
import { isClosed, type VisitDraft } from '../store/draft.ts';
import { finishVisit } from './draftActions.ts';
import { visitSummary } from './visitSummary.ts';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="summary-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** 完成服务: the summary, the customer's signature, the technician's remark. */
export function FinishScreen({ visit, draft }: { visit: FieldVisit; draft: VisitDraft }) {
  const { t } = useTranslation();
  const services = useServices();
  const summary = visitSummary(visit, draft);
  const signature = useRef<SignatureSource | null>(null);
  const keepSource = useCallback((read: SignatureSource) => {
    signature.current = read;
  }, []);
  const [unsigned, setUnsigned] = useState(true);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    if (draft.startedAt === null) return setProblem(t('finish.notStarted'));
    const image = await signature.current?.();
    if (!image) return setProblem(t('finish.signFirst'));
    setBusy(true);
    await finishVisit(services, visit.id, image, remark);
    go({ screen: 'visit', visitId: visit.id });
  };

  if (isClosed(draft)) {
    return (
      <div className="screen">
        <p className="banner ok">{t('visit.done')}</p>
        <button type="button" className="big wide" onClick={() => go({ screen: 'visit', visitId: visit.id })}>
          {t('back')}
        </button>
      </div>
    );
  }

  return (
    <div className="screen with-bar" data-testid="finish-screen">
      <h1>{t('finish.title')}</h1>
      <section className="card summary" data-testid="finish-summary">
        <h2>{t('finish.summary')}</h2>
        <dl>
          <Row label={t('finish.checked')} value={`${summary.checked}/${summary.total}`} testId="summary-checked" />
          {summary.pests.map((pest) => (
            <Row key={pest.id} label={pest.name} value={String(pest.count)} testId={`summary-pest-${pest.id}`} />
          ))}
          <Row label={t('finish.risks')} value={String(summary.risks)} testId="summary-risks" />
          <Row label={t('finish.rectified')} value={String(summary.rectified)} testId="summary-rectified" />
          <Row label={t('finish.materials')} value={String(summary.materials)} testId="summary-materials" />
        </dl>
        {summary.checked < summary.total && <p className="warn-text">{t('finish.uncheckedLeft', { count: summary.total - summary.checked })}</p>}
      </section>

      <h2>{t('finish.signature')}</h2>
      <SignatureCanvas source={keepSource} clearLabel={t('finish.clear')} onChange={setUnsigned} />

      <label className="field">
        <span>{t('finish.remark')}</span>
        <textarea value={remark} maxLength={FieldLimits.remark} onChange={(event) => setRemark(event.target.value)} data-testid="finish-remark" />
      </label>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}

      <nav className="bottom-bar">
        <button type="button" className="big" onClick={() => go({ screen: 'visit', visitId: visit.id })}>
          {t('back')}
        </button>
        <button type="button" className="primary big" disabled={busy || unsigned} onClick={() => void finish()} data-testid="finish-submit">
          {t('finish.submit')}
        </button>
      </nav>
    </div>
  );
}
