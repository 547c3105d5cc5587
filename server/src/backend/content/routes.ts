import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, ContentEndpoints, ContentLimits, ContentMessages, ContentState, type ContentDetail, type ContentItem } from '@pest/shared';
import { auditedChange, auditedSave } from '../common/audit-log.ts';
import { auditedContent } from './content-audit.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { requestScope } from '../scope.ts';
import { contentHtmlForReader, contentText } from './content-html.ts';
import { findContent, latestNotice, listContents, markContentRead, unreadNotices, type StoredContent } from './content-queries.ts';
import { saveContent, withdrawContent } from './content-writes.ts';

export interface ContentRouteOptions {
  db: Db;
  /** Images in the HTML must come from here (the object storage's public base). */
  fileBase: string;
  images: ImageAccess;
}

/** 内容: notices and articles, read by those they are out to, written and withdrawn by those who manage them; every write versioned and audited. */
export const contentRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, { db, fileBase, images }) => {
  const item = ({ customerIds: _ids, html: _html, ...shown }: StoredContent): ContentItem => shown;

  endpointRoute(app, ContentEndpoints.list, async (request) => {
    const page = await listContents(db, requestScope(request), request.body);
    return ok({ total: page.total, records: page.records.map(item) });
  });
  endpointRoute(app, ContentEndpoints.detail, async (request) => {
    const scope = requestScope(request);
    const found = await findContent(db, scope, request.query.id);
    if (!found) throw new ApiError(404, ContentMessages.notFound);
    if (found.state === ContentState.published && !found.read) await markContentRead(db, found.id, scope.userId);
    const detail: ContentDetail = { ...item(found), read: true, html: contentHtmlForReader(found.html, fileBase, (path) => images.link(path, scope)) };
    return ok(detail);
  });
  endpointRoute(app, ContentEndpoints.save, async (request) => {
    const scope = requestScope(request);
    const saved = await auditedSave(db, request, auditedContent(scope), request.body.id, (tx) => saveContent(tx, scope, request.body, fileBase));
    return ok({ id: saved.id });
  });
  endpointRoute(app, ContentEndpoints.withdraw, async (request) => {
    const scope = requestScope(request);
    await auditedChange(db, request, auditedContent(scope), request.body.id, (tx) => withdrawContent(tx, scope, request.body.id, request.body.version), AuditAction.withdraw);
    return ok(null);
  });
  endpointRoute(app, ContentEndpoints.unread, async (request) => ok({ count: await unreadNotices(db, requestScope(request)) }));
  endpointRoute(app, ContentEndpoints.latestNotice, async (request) => {
    const notice = await latestNotice(db, requestScope(request));
    return ok(notice && { id: notice.id, title: notice.title, publishedAt: notice.publishedAt, excerpt: contentText(notice.html, ContentLimits.excerpt) });
  });
};
