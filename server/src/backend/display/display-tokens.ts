import { createHash, randomBytes } from 'node:crypto';
import { DISPLAY_TOKEN_PREFIX, DisplayMessages, type Permission } from '@pest/shared';
import { accountAccessColumns } from '../common/account-access.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { displayUserId, type Scope } from '../scope.ts';

/** `dl_`, 32 random bytes in base64url, and for a rotation scope other than the first `.<index>`. */
const DISPLAY_TOKEN_PATTERN = new RegExp(`^(${DISPLAY_TOKEN_PREFIX}[A-Za-z0-9_-]{43})(?:\\.([1-7]))?$`);

export function newDisplayToken(): string {
  return `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What display_links keeps instead of the token. */
export function hashDisplayToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface LinkRow {
  id: number;
  name: string;
  createdBy: number;
  creatorCustomerId: number | null;
  isAdmin: boolean;
  permissions: Permission[];
  organisationName: string;
  revoked: boolean;
  expired: boolean;
  customerIds: number[] | null;
  areaIds: number[] | null;
}

/**
 * The Scope a display token stands for: its creator's, narrowed to the link's scope at the
 * token's index. Unknown, revoked and expired tokens are refused with 401 and a message that
 * tells the screen which (the TV shows it). `now` is the backend's clock, so tests move expiry.
 */
export async function resolveDisplayToken(db: Queryable, token: string, now: number): Promise<Scope> {
  const match = DISPLAY_TOKEN_PATTERN.exec(token);
  if (!match) throw new ApiError(401, DisplayMessages.notFound);
  const scopeIndex = Number(match[2] ?? 0);
  const [link] = await db.query<LinkRow>(
    `select l.id, l.name, l.created_by as "createdBy", u.customer_id as "creatorCustomerId",
            creator."isAdmin", creator.permissions,
            coalesce(c.name, (select name from providers order by id limit 1)) as "organisationName",
            l.revoked_at is not null as revoked, coalesce(l.expires_at <= $3::timestamptz, false) as expired,
            s.customer_ids as "customerIds", s.area_ids as "areaIds"
     from display_links l
     join users u on u.id = l.created_by
     cross join lateral (select ${accountAccessColumns('u')}) creator
     left join customers c on c.id = u.customer_id
     left join display_link_scopes s on s.link_id = l.id and s.position = $2
     where l.token_hash = $1`,
    [hashDisplayToken(match[1]!), scopeIndex, new Date(now).toISOString()],
  );
  if (!link || !link.customerIds || !link.areaIds) throw new ApiError(401, DisplayMessages.notFound);
  if (link.revoked) throw new ApiError(401, DisplayMessages.revoked);
  if (link.expired) throw new ApiError(401, DisplayMessages.expired);
  return {
    userId: displayUserId(link.id, scopeIndex),
    isAdmin: link.isAdmin,
    customerId: link.creatorCustomerId,
    permissions: new Set(link.permissions),
    display: {
      linkId: link.id,
      scopeIndex,
      linkName: link.name,
      organisationName: link.organisationName,
      customerIds: link.customerIds,
      areaIds: link.areaIds,
    },
  };
}
