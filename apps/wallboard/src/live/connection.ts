import type { LiveClientState } from '@pest/shared/live-client';

/** What the header shows: a failing upstream (stale) outranks a working socket. */
export type Connection = 'connecting' | 'live' | 'reconnecting' | 'stale';

/** The board's connection from the live client's state; null when the token was refused (the board stops). */
export function boardConnection({ status, staleSince }: LiveClientState): { connection: Connection; asOf: string | null } | null {
  if (status === 'unauthorized') return null;
  if (status === 'live' && staleSince) return { connection: 'stale', asOf: staleSince };
  return { connection: status, asOf: null };
}

/**
 * What the header says: 正在连接 belongs to the start only. Once data is on screen, a live socket
 * not (yet) up reads as reconnecting, with the data's age beside it.
 */
export function shownConnection(connection: Connection, hasData: boolean): Connection {
  return connection === 'connecting' && hasData ? 'reconnecting' : connection;
}
