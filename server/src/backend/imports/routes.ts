import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiMessages, IMPORT_PERMISSIONS, IMPORT_PROBLEMS_LISTED, ImportEndpoints, ImportMessages, tableText, type ImportBody, type ImportKind } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { auditActor } from '../common/audit-log.ts';
import type { ImportContext, Importer } from '../common/importer.ts';
import { readImportSheet, type ImportSheet } from '../common/import-sheet.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { asXlsxDownload, sendXlsx } from '../exports/xlsx-download.ts';
import type { FileStore } from '../files/file-store.ts';
import { FileStream } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { openImportFile } from './import-file.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';
import type { FairLimiter } from '../load/fair-limiter.ts';
import { createImportJobs } from './import-jobs.ts';

export interface ImportRouteOptions {
  db: Db;
  /** Where the upload flow keeps the files. */
  uploads: FileStore;
  /** Each kind's importer, from its domain (the composition root hands them in). */
  importers: Record<ImportKind, Importer>;
  /** The heavy calls' limiter, which import jobs share. */
  limiter: FairLimiter;
}

/** 批量导入: the dry run, the apply (all rows or none), the error file and the templates. */
export const importRoutes: FastifyPluginAsyncTypebox<ImportRouteOptions> = async (app, { db, uploads, importers, limiter }) => {
  const jobs = await createImportJobs({ db, limiter, log: app.log });
  const sheetOf = async (request: FastifyRequest, body: ImportBody): Promise<ImportSheet> =>
    readImportSheet((await openImportFile(uploads, requestScope(request).userId, body.file)).stream, importers[body.kind].columns);
  // One route for every kind: the permission is the kind's, checked before the file is read.
  const context = (request: FastifyRequest, body: ImportBody, forApply: boolean): ImportContext => {
    const scope = requestScope(request);
    const permission = IMPORT_PERMISSIONS[body.kind];
    if (!scope.permissions.has(permission)) throw new ApiError(403, ApiMessages.permissionDenied(permission));
    if (body.kind === 'point' && body.planId === undefined) throw new ApiError(400, ImportMessages.planRequired);
    return { scope, actor: auditActor(request), planId: body.planId, forApply };
  };

  endpointRoute(app, ImportEndpoints.dryRun, async (request) => {
    const checkContext = context(request, request.body, false);
    const sheet = await sheetOf(request, request.body);
    const { counts, problems } = await importers[request.body.kind].prepare(db, checkContext, sheet);
    return ok({ rows: sheet.rows.length, ...counts, valid: problems.length === 0, problemCount: problems.length, problems: problems.slice(0, IMPORT_PROBLEMS_LISTED) });
  });

  // Never trusts a dry run: the rows are read and checked again under the apply's locks, in a job
  // of its own (60,000 devices take longer than a request may). The file is found before it starts.
  endpointRoute(app, ImportEndpoints.apply, async (request) => {
    const applyContext = context(request, request.body, true);
    const body = request.body;
    (await openImportFile(uploads, applyContext.scope.userId, body.file)).stream.destroy();
    const importer = importers[body.kind];
    const jobId = await jobs.start(applyContext.scope.userId, body.kind, async () => {
      const sheet = await sheetOf(request, body);
      const applied = await refusedAsTaken(ImportMessages.changedMeanwhile, () =>
        db.transaction(async (tx) => {
          // Imports of one kind take turns: each statement of a READ COMMITTED check may see another
          // import commit halfway through it (its devices absent, then their IMEIs taken), which would
          // report rows as problems instead of finding them unchanged.
          await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 480))', [`import:${body.kind}`]);
          const prepared = await importer.prepare(tx, applyContext, sheet);
          if (prepared.problems.length > 0) throw new ApiError(400, ImportMessages.hasProblems.replace('{count}', String(prepared.problems.length)));
          return { ...prepared.counts, credentials: await prepared.write(tx) };
        }),
      );
      return { rows: sheet.rows.length, ...applied };
    });
    return ok({ jobId });
  });

  endpointRoute(app, ImportEndpoints.job, async (request) => ok(await jobs.read(requestScope(request).userId, request.body.jobId)));

  endpointRoute(app, ImportEndpoints.errorFile, async (request, reply) => {
    const checkContext = context(request, request.body, false);
    const sheet = await sheetOf(request, request.body);
    const { problems } = await importers[request.body.kind].prepare(db, checkContext, sheet);
    const byRow = new Map<number, string[]>();
    for (const problem of problems) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem.message]);
    const language = requestLanguage(request);
    // The sheet's own columns: one filled in from an earlier template lacks the columns added since, and its errors follow its last.
    const width = sheet.headers.findLastIndex((name) => name !== '') + 1;
    const header = [...sheet.headers.slice(0, width), tableText('importError', language)].map((name, index) => ({ prop: String(index), name }));
    return sendXlsx(request, reply, `${tableText('importErrorFile', language)}.xlsx`, () => ({
      sheetName: sheet.sheetName || tableText('importErrorFile', language),
      header,
      rows: sheet.rows.map(({ row, cells }) => Object.fromEntries([...cells.slice(0, width), (byRow.get(row) ?? []).join('；')].map((cell, index) => [String(index), cell]))),
    }));
  });

  endpointRoute(
    app,
    ImportEndpoints.template,
    async (request, reply) => {
      const importer = importers[request.query.kind];
      const language = requestLanguage(request);
      return asXlsxDownload(reply, importer.templateName(language)).send(await importer.template(language));
    },
    { fileAnswer: FileStream },
  );
};
