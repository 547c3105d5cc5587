import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardApi } from './api/boardApi.ts';
import { Board } from './Board.tsx';
import { BoardErrorBoundary } from './BoardErrorBoundary.tsx';
import { CodeEntryScreen } from './display/CodeEntryScreen.tsx';
import { DisplayBoard } from './display/DisplayBoard.tsx';
import type { Credentials } from './intake/credentials.ts';
import { ProblemScreen } from './ProblemScreen.tsx';
import { Stage } from './screen/Stage.tsx';

/** A refused token is tried again this often: someone may renew the session without touching the TV. */
export const REJECTED_RETRY_MS = 60_000;

/**
 * The board for what the screen signed in with; without a session, the start page that takes a
 * display link's short code. `keepToken` keeps the token a code was traded for and answers the
 * screen's credentials with it.
 */
export function App({ credentials: initial, keepToken }: { credentials: Credentials | null; keepToken(token: string): Credentials | null }) {
  const [credentials, setCredentials] = useState(initial);
  return (
    <Stage>
      {!credentials || credentials.kind === 'code' ? (
        <CodeEntryScreen initialCode={credentials?.code ?? null} onToken={(token) => setCredentials(keepToken(token))} />
      ) : credentials.kind === 'display' ? (
        <DisplayBoard credentials={credentials} />
      ) : (
        <StaffBoard token={credentials.token} />
      )}
    </Stage>
  );
}

/** The board on a staff member's session (the console's big-screen link): a refused token is tried again now and then. */
function StaffBoard({ token }: { token: string }) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!rejected) return;
    const api = boardApi({ token });
    const timer = setInterval(() => {
      api.user().then(
        () => {
          setRejected(false);
          setGeneration((n) => n + 1);
        },
        // Still refused, or the gateway is unreachable: try again at the next tick either way.
        () => {},
      );
    }, REJECTED_RETRY_MS);
    return () => clearInterval(timer);
  }, [rejected, token]);

  return rejected ? (
    <ProblemScreen retrySeconds={REJECTED_RETRY_MS / 1000} />
  ) : (
    <BoardErrorBoundary notice={<div className="problem">{t('connection.reconnecting')}</div>}>
      <Board key={generation} caller={{ token }} onRejected={() => setRejected(true)} consoleLinks />
    </BoardErrorBoundary>
  );
}
