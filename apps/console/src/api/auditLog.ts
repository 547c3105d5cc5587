import { AuditLogPaths, SystemEndpoints, type AuditLogListBody } from '@pest/shared';
import { call, underApi } from './http.ts';

/** 操作日志: a page of entries; the table shows its own spinner. */
export const fetchAuditLog = (body: AuditLogListBody, signal?: AbortSignal) => call(SystemEndpoints.auditLogList, body, { skipLoading: true, signal });

/** Where ExportButton posts the filters for the whole log as an xlsx. */
export const auditLogExportUrl = underApi(AuditLogPaths.export);
