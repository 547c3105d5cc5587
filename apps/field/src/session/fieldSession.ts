import { createServices, type FieldServices } from '../app/services.ts';
import type { FieldDb } from '../store/fieldDb.ts';
import { dropToken, keepToken, keptToken } from './token.ts';

export interface SessionSnapshot {
  services: FieldServices | null;
  /** Why the technician is back at sign-in, when the server ended the session. */
  endedByServer: boolean;
}

export interface FieldSession {
  subscribe(listener: () => void): () => void;
  snapshot(): SessionSnapshot;
  signIn(token: string): void;
  signOut(): void;
}

/**
 * Who is signed in on this phone, outside React: the services (and the outbox sending in the
 * background) live as long as the token does. Signing out keeps every entry on the phone.
 */
export function createFieldSession(db: FieldDb, storage: Storage): FieldSession {
  const listeners = new Set<() => void>();
  let current: SessionSnapshot = { services: null, endedByServer: false };
  const publish = (next: SessionSnapshot) => {
    current.services?.runner.stop();
    current = next;
    for (const listener of listeners) listener();
  };
  const open = (token: string) => createServices(db, token, () => end(true));
  const end = (byServer: boolean) => {
    dropToken(storage);
    publish({ services: null, endedByServer: byServer });
  };

  const kept = keptToken(storage);
  if (kept) current = { services: open(kept), endedByServer: false };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => current,
    signIn: (token) => {
      keepToken(storage, token);
      publish({ services: open(token), endedByServer: false });
    },
    signOut: () => end(false),
  };
}
