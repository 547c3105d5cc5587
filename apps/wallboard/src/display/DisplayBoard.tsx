import { useTranslation } from 'react-i18next';
import { displayScopeToken } from '@pest/shared';
import { Board } from '../Board.tsx';
import { BoardErrorBoundary } from '../BoardErrorBoundary.tsx';
import { LinkEndedScreen } from './LinkEndedScreen.tsx';
import { RotationIndicator } from './RotationIndicator.tsx';
import { useDisplaySession, type DisplayCredentials } from './useDisplaySession.ts';
import { useRotation } from './useRotation.ts';

/**
 * The board for a display link (issue 20): the link's session first, then the board of the scope
 * on screen, each scope with its own token (displayScopeToken) so its calls and live topics are
 * that scope's; the link's end, when it comes, in place of the board.
 */
export function DisplayBoard({ credentials }: { credentials: DisplayCredentials }) {
  const { t } = useTranslation();
  const { view, boardRefused } = useDisplaySession(credentials);
  const session = view.kind === 'showing' ? view.session : null;
  const count = session?.scopes.length ?? 1;
  const scopeIndex = useRotation(count, (session?.dwellSeconds ?? 1) * 1000);
  const name = session?.name ?? (view.kind === 'ended' ? view.name : credentials.lastName);

  if (view.kind === 'ended') return <LinkEndedScreen end={view.end} name={view.name} />;
  if (view.kind === 'starting' || view.refused) return <div className="problem">{t('connection.connecting')}</div>;
  const caller = { token: displayScopeToken(credentials.token, scopeIndex), screenId: credentials.screenId };
  return (
    <>
      <BoardErrorBoundary notice={<div className="problem">{t('connection.reconnecting')}</div>}>
        <Board key={`${view.generation}:${scopeIndex}`} caller={caller} onRejected={boardRefused} titleName={name} />
      </BoardErrorBoundary>
      {count > 1 && (
        <RotationIndicator key={scopeIndex} label={view.session.scopes[scopeIndex]?.label ?? ''} index={scopeIndex} count={count} dwellSeconds={view.session.dwellSeconds} />
      )}
    </>
  );
}
