import { createContext, useContext } from 'react';
import { FieldEndpoints, type FieldWriteAnswer } from '@pest/shared';
import { fieldCall, type CallResult, type Fetcher } from '../api/fieldCall.ts';
import { uploadImage } from '../api/upload.ts';
import { newClientId } from '../api/newClientId.ts';
import { startOutboxRunner, type OutboxRunner } from '../outbox/outboxRunner.ts';
import type { OutboxCall, OutboxStore } from '../outbox/outbox.ts';
import type { FieldDb } from '../store/fieldDb.ts';
import { outboxStore } from '../store/localStore.ts';

/** What every screen of a signed-in technician works with. */
export interface FieldServices {
  db: FieldDb;
  token: string;
  fetcher: Fetcher;
  outbox: OutboxStore;
  runner: OutboxRunner;
  /** The server no longer takes the token: back to sign-in, the phone's entries kept. */
  signedOut(): void;
}

export function createServices(db: FieldDb, token: string, onSignedOut: () => void): FieldServices {
  const fetcher: Fetcher = (input, init) => fetch(input, init);
  const outbox = outboxStore(db);
  const send = (call: OutboxCall): Promise<CallResult<FieldWriteAnswer>> => {
    switch (call.kind) {
      case 'start':
        return fieldCall(fetcher, token, FieldEndpoints.start, call.body);
      case 'sync':
        return fieldCall(fetcher, token, FieldEndpoints.sync, call.body);
      case 'finish':
        return fieldCall(fetcher, token, FieldEndpoints.finish, call.body);
    }
  };
  const runner = startOutboxRunner({ store: outbox, send, upload: (image) => uploadImage(fetcher, token, image, newClientId()), onSignedOut, host: window });
  return { db, token, fetcher, outbox, runner, signedOut: onSignedOut };
}

export const ServicesContext = createContext<FieldServices | null>(null);

export function useServices(): FieldServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside a signed-in app');
  return services;
}
