import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import { AuditPackCreateBody, AuditPackIdBody, AuditPackListResponse, AuditPackPaths, AuditPackStatusResponse } from '../contract/audit-pack.ts';

const tags = ['audit pack'];

/** The audit pack (extension, issue 22): request, progress, cancel, the recent list and the signed download. */
export const AuditPackEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: AuditPackPaths.create,
    input: AuditPackCreateBody,
    response: AuditPackStatusResponse,
    permission: Permission.dataExport,
    tags,
    summary: 'Starts building an audit pack of stores in scope over at most 400 days; answers its status',
  }),
  status: defineEndpoint({
    method: 'POST',
    path: AuditPackPaths.status,
    input: AuditPackIdBody,
    response: AuditPackStatusResponse,
    refusals: [404],
    permission: Permission.dataExport,
    tags,
    summary: "One of the caller's packs: progress, and a download link once done",
  }),
  list: defineEndpoint({
    method: 'POST',
    path: AuditPackPaths.list,
    response: AuditPackListResponse,
    permission: Permission.dataExport,
    tags,
    summary: "The caller's 20 most recent packs, newest first",
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: AuditPackPaths.cancel,
    input: AuditPackIdBody,
    response: AuditPackStatusResponse,
    refusals: [404],
    permission: Permission.dataExport,
    tags,
    summary: 'Cancels a queued or running pack of the caller',
  }),
  /**
   * The zip, a file answer: a download the browser starts itself, so the signed query is the
   * credential. Its file name parameter and signed query are the backend's (links/signed-links.ts).
   */
  file: defineEndpoint({
    method: 'GET',
    path: `${AuditPackPaths.file}/:file`,
    refusals: [403, 404],
    access: 'public',
    tags,
    summary: 'A finished pack, through the signed link of its status',
    description: '403 when the signature does not match or the link has expired; 404 when the pack, or its file, is gone.',
  }),
};
