import { useTranslation } from 'react-i18next';

/** Full-screen explanation when the board's session is refused, with what to do about it. */
export function ProblemScreen({ retrySeconds }: { retrySeconds: number }) {
  const { t } = useTranslation();
  return (
    <div className="problem" role="alert" data-testid="token-problem" data-problem="rejected">
      <h1>{t('problem.rejectedTitle')}</h1>
      <p>{t('problem.rejectedBody')}</p>
      <p className="problem-retry">{t('problem.retrying', { seconds: retrySeconds })}</p>
    </div>
  );
}
