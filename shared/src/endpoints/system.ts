import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import { AuditLogExportBody, AuditLogListBody, AuditLogListResponse, AuditLogPaths } from '../contract/audit-log.ts';

const tags = ['system'];

/** 系统: the audit log. */
export const SystemEndpoints = {
  auditLogList: defineEndpoint({
    method: 'POST',
    path: AuditLogPaths.list,
    input: AuditLogListBody,
    response: AuditLogListResponse,
    permission: Permission.auditLogView,
    tags,
    summary: 'The audit log, newest first: every write with who, when, from where, what object and what changed (secrets masked)',
    description: "Provider staff read every entry; a customer's manager those about their organisation's data. Filters: userId, objectType, objectId, startTime and endTime (China time; a bare end day counts whole).",
  }),
  auditLogExport: defineEndpoint({
    method: 'POST',
    path: AuditLogPaths.export,
    input: AuditLogExportBody,
    load: 'download',
    permission: Permission.auditLogView,
    tags,
    summary: "The entries the list's filters find, newest first, as an xlsx in the request's language (Accept-Language)",
    description: 'Read in the same scope as the list. Errors before the file starts are envelopes.',
  }),
};
