import { useTranslation } from 'react-i18next';

/** Full-screen explanation when the board cannot sign in, with what to do about it. */
export function ProblemScreen({ problem, retrySeconds }: { problem: 'missing' | 'rejected'; retrySeconds: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="problem" role="alert" data-testid="token-problem" data-problem={problem}>
      <h1>{t(problem === 'missing' ? 'problem.missingTitle' : 'problem.rejectedTitle')}</h1>
      <p>{t(problem === 'missing' ? 'problem.missingBody' : 'problem.rejectedBody')}</p>
      {retrySeconds !== null && <p className="problem-retry">{t('problem.retrying', { seconds: retrySeconds })}</p>}
    </div>
  );
}
