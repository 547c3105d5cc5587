import type { FastifyRequest } from 'fastify';
import type { Scope } from '../scope.ts';
import type { ImageAccess } from './image-access.ts';

/** Absolute photo links for a spreadsheet: they work from the file for 30 days, while the exporting user may see the photos. */
export function exportedPhotoLink(request: FastifyRequest, images: ImageAccess, scope: Scope): (path: string) => string {
  const base = origin(request);
  return (path) => `${base}${images.link(path, scope, 'export')}`;
}

/**
 * scheme://host of the page the export was asked from, for links that work from the spreadsheet.
 * Browsers send Origin with every POST; otherwise the host the gateway forwards (X-Forwarded-Host,
 * which Fastify reads for `request.host` from the trusted loopback gateway) stands in.
 */
export function origin(request: FastifyRequest): string {
  const sent = request.headers.origin;
  if (sent && /^https?:\/\/[^/\s]+$/.test(sent)) return sent;
  return `${request.protocol}://${request.host}`;
}
