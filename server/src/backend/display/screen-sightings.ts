import type { Queryable } from '../db/db.ts';

/** A screen's call is written at most this often: a board makes several calls a minute. */
const SIGHTING_WRITE_MS = 30_000;
/** The wallboard's random per-browser id; anything else is not trusted as one. */
const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Screens remembered before the ones not written for SIGHTING_WRITE_MS are forgotten. */
const REMEMBERED_MAX = 10_000;

export interface Sighting {
  linkId: number;
  /** The x-display-screen header, as sent. */
  screenHeader: string | string[] | undefined;
  /** The client's address (the gateway's X-Forwarded-For, trusted from loopback only). */
  address: string;
}

/**
 * Records when and from where each screen of a link was last seen, for the console's list:
 * the link's last call and one row per screen. Only a call naming its screen is a sighting: the
 * live hub polls with the screens' tokens from the gateway's own address, and would otherwise
 * count as one more screen, seen from the server. Writes are throttled per screen in this
 * process, so a board's calls cost a write every SIGHTING_WRITE_MS at most.
 */
export function screenSightings(db: Queryable, now: () => number) {
  const writtenAt = new Map<string, number>();
  const forgetOld = (at: number) => {
    for (const [key, written] of writtenAt) if (at - written >= SIGHTING_WRITE_MS) writtenAt.delete(key);
  };
  return async ({ linkId, screenHeader, address }: Sighting): Promise<void> => {
    if (typeof screenHeader !== 'string' || !SCREEN_ID_PATTERN.test(screenHeader)) return;
    const screenId = screenHeader;
    const key = `${linkId}\n${screenId}`;
    const at = now();
    const last = writtenAt.get(key);
    if (last !== undefined && at - last < SIGHTING_WRITE_MS) return;
    if (writtenAt.size >= REMEMBERED_MAX) forgetOld(at);
    writtenAt.set(key, at);
    const stamp = new Date(at).toISOString();
    await db.query('update display_links set last_seen_at = $2, last_seen_address = $3 where id = $1', [linkId, stamp, address]);
    await db.query(
      `insert into display_screens (link_id, screen_id, last_seen_at, address) values ($1, $2, $3, $4)
       on conflict (link_id, screen_id) do update set last_seen_at = excluded.last_seen_at, address = excluded.address`,
      [linkId, screenId, stamp, address],
    );
  };
}
