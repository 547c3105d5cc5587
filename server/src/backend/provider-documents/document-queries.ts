import type { ProviderDocumentKind } from '@pest/shared';
import { sqlServiceTime } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';

/** A document as stored: the file is the plain object-store path, signed per viewer by the route. */
export interface StoredDocument {
  id: number;
  version: number;
  kind: ProviderDocumentKind;
  name: string;
  filePath: string;
  validFrom: string;
  validTo: string | null;
  createdAt: string;
  createdByName: string | null;
}

export interface DocumentFields {
  kind: ProviderDocumentKind;
  name: string;
  filePath: string;
  validFrom: string;
  validTo: string | null;
}

/** The one provider this console runs (the demo and every deployment have one). */
const PROVIDER = '(select id from providers order by id limit 1)';

const SELECT = `select d.id, d.version, d.kind, d.name, d.file_path as "filePath",
         to_char(d.valid_from, 'YYYY-MM-DD') as "validFrom", to_char(d.valid_to, 'YYYY-MM-DD') as "validTo",
         ${sqlServiceTime('d.created_at')} as "createdAt", u.name as "createdByName"
  from provider_documents d left join users u on u.id = d.created_by
  where d.provider_id = ${PROVIDER} and d.removed_at is null`;
const ORDER = 'order by d.kind, d.valid_from desc, d.id desc';

export const listDocuments = (db: Queryable) => db.query<StoredDocument>(`${SELECT} ${ORDER}`);

export async function findDocument(db: Queryable, id: number): Promise<StoredDocument | undefined> {
  const [row] = await db.query<StoredDocument>(`${SELECT} and d.id = $1`, [id]);
  return row;
}

/**
 * The provider's documents valid on any day of `from`..`to` (yyyy-MM-dd, both included): what an
 * audit pack of that period shows as the provider's licences.
 */
export const documentsValidIn = (db: Queryable, from: string, to: string) =>
  db.query<StoredDocument>(`${SELECT} and d.valid_from <= $2::date and (d.valid_to is null or d.valid_to >= $1::date) ${ORDER}`, [from, to]);

export async function insertDocument(db: Queryable, fields: DocumentFields, createdBy: number, createdAt: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into provider_documents (provider_id, kind, name, file_path, valid_from, valid_to, created_at, created_by)
     values (${PROVIDER}, $1, $2, $3, $4, $5, $6, $7) returning id`,
    [fields.kind, fields.name, fields.filePath, fields.validFrom, fields.validTo, createdAt, createdBy],
  );
  return row!.id;
}

/** False when there is no such document. */
export async function updateDocument(db: Queryable, id: number, fields: DocumentFields): Promise<boolean> {
  const rows = await db.query(
    `update provider_documents set kind = $2, name = $3, file_path = $4, valid_from = $5, valid_to = $6, version = version + 1
     where id = $1 and provider_id = ${PROVIDER} and removed_at is null returning id`,
    [id, fields.kind, fields.name, fields.filePath, fields.validFrom, fields.validTo],
  );
  return rows.length > 0;
}

/** Removed from the lists and the audit packs to come; the row stays for the history that names it. False when there is none to remove. */
export async function deleteDocument(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(`update provider_documents set removed_at = now() where id = $1 and provider_id = ${PROVIDER} and removed_at is null returning id`, [id]);
  return rows.length > 0;
}
