import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_CODE_LENGTH, DisplayMessages, formatDisplayCode, normalizeDisplayCode } from '@pest/shared';
import { redeemDisplayCode, type CodeAnswer } from '../api/displayApi.ts';

/** What the TV says when a code does not open a link: the server's reasons in the board's language. */
const REFUSALS: Record<string, 'code.unknown' | 'display.revokedTitle' | 'display.expiredTitle'> = {
  [DisplayMessages.codeUnknown]: 'code.unknown',
  [DisplayMessages.revoked]: 'display.revokedTitle',
  [DisplayMessages.expired]: 'display.expiredTitle',
};

/**
 * The board's start page without a session: a TV types its display link's short code (or arrives
 * with it in `?code=`, then it is tried at once), which the server trades for the link's token.
 * Staff are told where the board opens from instead.
 */
export function CodeEntryScreen({ initialCode, onToken }: { initialCode: string | null; onToken(token: string): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(initialCode ?? '');
  // A code that came in the URL is tried at once, as if typed and submitted.
  const [state, setState] = useState<{ kind: 'idle' | 'checking' } | { kind: 'refused'; message: string }>({ kind: initialCode ? 'checking' : 'idle' });

  const answered = (answer: CodeAnswer) => {
    if ('token' in answer) return onToken(answer.token);
    const known = answer.refused ? REFUSALS[answer.refused] : undefined;
    const message = known ? t(known) : answer.status === 429 ? t('code.tooMany') : answer.status === 0 ? t('code.unreachable') : (answer.refused ?? t('code.unreachable'));
    setState({ kind: 'refused', message });
  };
  const answeredInitial = useEffectEvent(answered);
  useEffect(() => {
    if (initialCode) void redeemDisplayCode(initialCode).then(answeredInitial);
  }, [initialCode]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!normalizeDisplayCode(typed)) {
      setState({ kind: 'refused', message: t('code.format', { length: DISPLAY_CODE_LENGTH }) });
      return;
    }
    setState({ kind: 'checking' });
    void redeemDisplayCode(typed).then(answered);
  };
  const normalized = normalizeDisplayCode(typed);
  return (
    <div className="problem code-entry" data-testid="code-entry">
      <h1>{t('code.title')}</h1>
      <p>{t('code.hint')}</p>
      <form className="code-form" onSubmit={onSubmit}>
        <input
          className="code-input"
          data-testid="code-input"
          aria-label={t('code.label')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => normalized && setTyped(formatDisplayCode(normalized))}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          autoFocus
        />
        <button className="code-submit" type="submit" data-testid="code-submit" disabled={state.kind === 'checking'}>
          {state.kind === 'checking' ? t('code.checking') : t('code.submit')}
        </button>
      </form>
      {state.kind === 'refused' && (
        <p className="code-refused" role="alert" data-testid="code-refused">
          {state.message}
        </p>
      )}
      <p className="problem-retry">{t('code.staff')}</p>
    </div>
  );
}
