import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Permission } from './permissions.ts';

/**
 * Bulk import (issue 38): a filled-in template (xlsx) uploaded through the object-storage flow, a
 * dry run that lists every row's problems, an error file (the upload with a 错误 column), then an
 * apply that checks everything again and writes all rows or none. Re-importing the same file
 * changes nothing: a row equal to its record counts as unchanged.
 */
const IMPORT = '/api/admin/web/import';
export const ImportPaths = {
  dryRun: `${IMPORT}/dryRun`,
  apply: `${IMPORT}/apply`,
  errorFile: `${IMPORT}/errorFile`,
  template: `${IMPORT}/template`,
  job: `${IMPORT}/job`,
} as const;

export const ImportKind = { device: 'device', store: 'store', point: 'point' } as const;
export type ImportKind = (typeof ImportKind)[keyof typeof ImportKind];
/** What importing each kind needs: what adding one such record by hand needs (fetching a template needs nothing). */
export const IMPORT_PERMISSIONS: Record<ImportKind, Permission> = {
  device: Permission.devicesManage,
  store: Permission.customersManage,
  point: Permission.serviceConfigManage,
};
const KindSchema = Type.Union(Object.values(ImportKind).map((kind) => Type.Literal(kind)));

/** 60,000 devices is the largest fleet an import is sized for; a bit more fits, a runaway sheet is refused. */
export const IMPORT_MAX_ROWS = 100_000;
/** The dry run lists this many problems; the error file has them all. */
export const IMPORT_PROBLEMS_LISTED = 500;

export const ImportBody = Type.Object(
  {
    kind: KindSchema,
    /** The uploaded file's object key (or its URL under the store's host), under the caller's own upload dir. */
    file: Text(500, { minLength: 1 }),
    /** Points: the plan they belong to. */
    planId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;

export const ImportTemplateQuery = Type.Object({ kind: KindSchema }, { additionalProperties: false });

/** One problem of one row: the sheet's row number (the header is row 1), the column's header as the file has it, and what is wrong, in Chinese. */
export const ImportProblem = Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() });
export type ImportProblem = Static<typeof ImportProblem>;

/** What an import does with the file's rows: records created, records updated, rows equal to their record already. */
const ImportCounts = Type.Object({ rows: Type.Integer(), created: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer() });
export type ImportCounts = Static<typeof ImportCounts>;

export const ImportCheck = Type.Composite([
  ImportCounts,
  Type.Object({
    /** No problem: the apply would write every row. */
    valid: Type.Boolean(),
    problemCount: Type.Integer(),
    /** The first IMPORT_PROBLEMS_LISTED problems, by row. */
    problems: Type.Array(ImportProblem),
  }),
]);
export type ImportCheck = Static<typeof ImportCheck>;
export const ImportCheckResponse = Envelope(ImportCheck);

/** A device created by the import and its secret: answered this once, never stored anywhere the console could read it again. */
export const ImportCredential = Type.Object({ deviceNo: Type.String(), secret: Type.String() });
export type ImportCredential = Static<typeof ImportCredential>;

export const ImportApplied = Type.Composite([ImportCounts, Type.Object({ credentials: Type.Array(ImportCredential) })]);
export type ImportApplied = Static<typeof ImportApplied>;

/**
 * An apply runs as a job of the server's, not within the request: 60,000 devices take longer than
 * a request may. The caller follows it by its id until it is done or failed.
 */
export const ImportStarted = Type.Object({ jobId: Id });
export type ImportStarted = Static<typeof ImportStarted>;
export const ImportStartedResponse = Envelope(ImportStarted);

export const ImportJobBody = Type.Object({ jobId: Id }, { additionalProperties: false });

export const ImportJobState = { running: 'running', done: 'done', failed: 'failed' } as const;
export type ImportJobState = (typeof ImportJobState)[keyof typeof ImportJobState];

/**
 * Where an import job stands. Done: what it wrote, and the devices' secrets, answered to its
 * starter at the first look after it is done and never again. Failed: why; nothing was written.
 */
export const ImportJob = Type.Composite([
  ImportApplied,
  Type.Object({
    jobId: Id,
    kind: KindSchema,
    state: Type.Union(Object.values(ImportJobState).map((state) => Type.Literal(state))),
    message: Nullable(Type.String()),
  }),
]);
export type ImportJob = Static<typeof ImportJob>;
export const ImportJobResponse = Envelope(ImportJob);

/** The longest an import job may run; past it, it stops and writes nothing. */
export const IMPORT_JOB_TIMEOUT_MS = 5 * 60_000;
/** How often the console asks after a running job. */
export const IMPORT_JOB_POLL_MS = 1_000;

export const ImportMessages = {
  fileNotFound: '导入文件不存在，请重新上传',
  notASheet: '文件不是有效的xlsx表格，请使用导入模板',
  noRows: '表格中没有数据行',
  tooManyRows: `一次最多导入${IMPORT_MAX_ROWS}行，请分批导入`,
  planRequired: '导入点位须先选择服务计划',
  /** `{count}`: problems found. */
  hasProblems: '导入文件有{count}处问题，未导入任何数据；请下载错误文件修正后重新导入',
  changedMeanwhile: '导入期间数据已被他人修改，未导入任何数据，请重新校验',
  alreadyRunning: '您已有一个导入正在进行，请等待其完成',
  jobNotFound: '导入任务不存在',
  timedOut: '导入超时，未导入任何数据，请分批导入',
  interrupted: '导入因服务重启而中断，未导入任何数据，请重新导入',
  failed: '导入失败，未导入任何数据，请稍后重试',
} as const;

/** The header a column should have, said when the file's differs: `第3列的表头应为“设备类型”`. */
export const importHeaderProblem = (column: number, header: string) => `第${column}列的表头应为“${header}”，请使用导入模板`;
