import { DisplayMessages, normalizeDisplayCode, type DisplayCodeResult, type DisplayLinkSecret } from '@pest/shared';
import { ownerOf } from '../common/owner.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import type { DisplaySecrets } from './display-secrets.ts';

interface KeptLink {
  id: number;
  ownerCustomerId: number | null;
  revoked: boolean;
  expired: boolean;
  sealed: string | null;
}

const keptColumns = (at: string) =>
  `l.id, l.owner_customer_id as "ownerCustomerId", l.revoked_at is not null as revoked,
   coalesce(l.expires_at <= ${at}::timestamptz, false) as expired, l.token_sealed as sealed`;

/**
 * A link's token and short code again, for someone who manages it (its owner's manager, or the
 * provider's staff): 403 for anyone else, a link revoked or made before codes were kept has none.
 * Every copy is recorded (who, when, from where) before it is answered.
 */
export async function copyLinkAgain(db: Queryable, scope: Scope, id: number, now: number, address: string, secrets: DisplaySecrets): Promise<DisplayLinkSecret> {
  const [link] = await db.query<KeptLink>(`select ${keptColumns('$2')} from display_links l where l.id = $1`, [id, new Date(now).toISOString()]);
  if (!link) throw new ApiError(404, DisplayMessages.notFound);
  const owner = ownerOf(scope);
  if (owner !== null && link.ownerCustomerId !== owner) throw new ApiError(403, DisplayMessages.notManager);
  if (link.revoked) throw new ApiError(400, DisplayMessages.revoked);
  if (!link.sealed) throw new ApiError(400, DisplayMessages.notKept);
  const secret = openSealed(secrets, link.sealed);
  await db.query('insert into display_link_copies (link_id, copied_by, copied_at, address) values ($1, $2, $3, $4)', [
    id,
    scope.userId,
    new Date(now).toISOString(),
    address,
  ]);
  return secret;
}

/** A sealed pair opened; sealed under a key the backend no longer has, it is as good as not kept. */
function openSealed(secrets: DisplaySecrets, sealed: string) {
  try {
    return secrets.open(sealed);
  } catch {
    throw new ApiError(400, DisplayMessages.notKept);
  }
}

/**
 * The token of the link whose short code a TV typed. One answer for a code that is malformed or
 * matches nothing, so a guess learns only no; the route limits guesses per address.
 */
export async function redeemCode(db: Queryable, typed: string, now: number, secrets: DisplaySecrets): Promise<DisplayCodeResult> {
  const code = normalizeDisplayCode(typed);
  if (code === null) throw new ApiError(404, DisplayMessages.codeUnknown);
  const [link] = await db.query<KeptLink>(`select ${keptColumns('$2')} from display_links l where l.code_hash = $1`, [
    secrets.codeHash(code),
    new Date(now).toISOString(),
  ]);
  if (!link?.sealed) throw new ApiError(404, DisplayMessages.codeUnknown);
  if (link.revoked) throw new ApiError(400, DisplayMessages.revoked);
  if (link.expired) throw new ApiError(400, DisplayMessages.expired);
  return { token: openSealed(secrets, link.sealed).token };
}
