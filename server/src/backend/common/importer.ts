import type { ImportCounts, ImportCredential, ImportProblem, TextLanguage } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';
import type { AuditActor } from './audit-log.ts';
import type { ImportColumn, ImportSheet } from './import-sheet.ts';

/** Who imports, and where to: points go to one plan. */
export interface ImportContext {
  scope: Scope;
  actor: AuditActor;
  planId?: number;
  /** The apply: what the rows refer to is locked until the transaction ends, so the checks still hold when the rows are written. */
  forApply: boolean;
}

/** A checked sheet: its problems, what it would do, and the write that does it (called only without problems, in the apply's transaction). */
export interface PreparedImport {
  counts: Omit<ImportCounts, 'rows'>;
  problems: ImportProblem[];
  /** Writes every row and its audit entries; answers the secrets of the devices it created (none for other kinds). */
  write(tx: Queryable): Promise<ImportCredential[]>;
}

/**
 * One kind of record a template imports (devices, stores, points), implemented by its domain and
 * handed to the import routes by the composition root: the domains stay apart.
 */
export interface Importer {
  columns: readonly ImportColumn[];
  templateName(language: TextLanguage): string;
  template(language: TextLanguage): Promise<Buffer>;
  prepare(tx: Queryable, context: ImportContext, sheet: ImportSheet): Promise<PreparedImport>;
}

/** Problems of a sheet, each naming its column by the file's own header. */
export class SheetProblems {
  readonly list: ImportProblem[] = [];
  private readonly rowsWithProblems = new Set<number>();

  constructor(private readonly headers: readonly string[]) {}

  add(row: number, column: number, message: string): void {
    this.list.push({ row, column: this.headers[column] ?? '', message });
    this.rowsWithProblems.add(row);
  }

  has(row: number): boolean {
    return this.rowsWithProblems.has(row);
  }

  /** A shared rule's message (设备编号不能为空) on the column whose Chinese label it names; the first column when none. */
  addRuleMessage(row: number, message: string, labels: readonly (readonly [label: string, column: number])[]): void {
    this.add(row, labels.find(([label]) => message.includes(label))?.[1] ?? 0, message);
  }

  /** Marks the rows whose `key` repeats an earlier row's: `设备编号与第3行重复`. Empty keys are left to the field checks. */
  duplicates<T extends { row: number }>(rows: readonly T[], key: (row: T) => string, column: number, label: string): void {
    const first = new Map<string, number>();
    for (const row of rows) {
      const value = key(row);
      if (value === '') continue;
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, row.row);
      else this.add(row.row, column, `${label}与第${earlier}行重复`);
    }
  }

  /** By row, then in the order they were found. */
  sorted(): ImportProblem[] {
    return [...this.list].sort((a, b) => a.row - b.row);
  }
}

/** Audit entries go in in batches: one statement per batch, and no argument list of 60,000. */
export const AUDIT_BATCH = 5_000;
