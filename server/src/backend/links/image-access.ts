import type { FastifyReply } from 'fastify';
import { ApiMessages } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { accountAccessColumns, type AccountAccess } from '../common/account-access.ts';
import { buildScope, type Scope } from '../scope.ts';
import type { LinkLifetime, SignedLinks } from './signed-links.ts';

export interface ImageViewer {
  /** What the user the link was made for may see now. */
  scope: Scope;
  remainingSeconds: number;
}

/** Links to private images for a signed-in user, and the check of such a link when it is opened. */
export interface ImageAccess {
  link(path: string, scope: Scope, lifetime?: LinkLifetime): string;
  /** The link's viewer; a bad or expired link, or one for a user who is gone, is refused with 403. */
  viewer(path: string, query: Parameters<SignedLinks['verify']>[1]): Promise<ImageViewer>;
}

export function imageAccess(db: Queryable, links: SignedLinks, now: () => number = Date.now): ImageAccess {
  return {
    link: (path, scope, lifetime = 'screen') => links.sign(path, scope.userId, lifetime, now()),
    async viewer(path, query) {
      const verified = links.verify(path, query, now());
      const [user] = verified
        ? await db.query<AccountAccess>(`select ${accountAccessColumns('u')} from users u where u.id = $1 and u.disabled_at is null`, [verified.viewerId])
        : [];
      if (!verified || !user) throw new ApiError(403, ApiMessages.imageLinkInvalid);
      return { scope: buildScope(user), remainingSeconds: verified.remainingSeconds };
    },
  };
}

/**
 * A private PDF (a scanned contract, a safety data sheet) as a private image, opened inline in the
 * browser's viewer under its name, in a sandbox: a script in the document may run nothing against
 * our origin (no same-origin access, cookies or storage).
 */
export function privateDocument(reply: FastifyReply, viewer: ImageViewer, type: string, fileName: string): FastifyReply {
  return privateImage(reply, viewer, type)
    .header('content-disposition', attachmentDisposition(fileName, 'inline'))
    .header('content-security-policy', 'sandbox');
}

/**
 * A private image is kept by the viewer's browser no longer than its link lives, and by no shared
 * cache; a document of its own (an SVG opened directly) may run nothing.
 */
export function privateImage(reply: FastifyReply, viewer: ImageViewer, type: string): FastifyReply {
  return reply
    .type(type)
    .header('cache-control', `private, max-age=${viewer.remainingSeconds}`)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff');
}
