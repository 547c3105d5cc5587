import { DisplayPaths, type DisplayLink, type DisplayLinkSaveBody, type DisplayLinkSaveResult, type DisplayLinkSecret } from '@pest/shared';
import { http, request, underApi } from './http.ts';

/** 大屏链接 calls (issue 20): the links of the user's scope, create or edit, revoke, copy an address again. */

export const fetchDisplayLinks = (signal?: AbortSignal) => http.post<DisplayLink[]>(underApi(DisplayPaths.list), {}, { skipLoading: true, signal });

/** JSON text so the client's compaction leaves `expiresAt: null` (never expires) and empty scope lists alone. */
export const saveDisplayLink = (body: DisplayLinkSaveBody) =>
  request<DisplayLinkSaveResult>({ method: 'post', url: underApi(DisplayPaths.save), data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

export const revokeDisplayLink = (id: number) => http.post<DisplayLink>(underApi(DisplayPaths.revoke), { id });

/** The link's token and short code again; the server records the copy and refuses (403) who does not manage the link. */
export const copyDisplayLinkAgain = (id: number) => http.post<DisplayLinkSecret>(underApi(DisplayPaths.reveal), { id });
