import type { DisplaySession } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { DisplayRestriction } from '../scope.ts';
import { sqlInstant, sqlScopeLabel } from './link-views.ts';

/** What a TV shows of its link; the token has just been resolved, so the link exists. */
export async function displaySession(db: Queryable, display: DisplayRestriction): Promise<DisplaySession> {
  const [row] = await db.query<Omit<DisplaySession, 'organisationName'>>(
    `select l.id as "linkId", l.name, l.dwell_seconds as "dwellSeconds", ${sqlInstant('l.expires_at')} as "expiresAt",
            coalesce((select json_agg(json_build_object('label', ${sqlScopeLabel('s')}) order by s.position)
                      from display_link_scopes s where s.link_id = l.id), '[]') as scopes
     from display_links l where l.id = $1`,
    [display.linkId],
  );
  return { ...row!, organisationName: display.organisationName };
}
